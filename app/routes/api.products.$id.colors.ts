import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { addColor } from "~/models/catalogue/variant-admin.server";
import { colorInputSchema } from "~/schemas/variants";
import { apiDoor } from "~/web/guards.server";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";
import { readVariantGrid } from "~/web/variant-admin.server";

/** POST (admin) `{ name, nameBn?, hex, images? }` → 201 the grid with the new colour (`colorId`). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/products/:id/colors");
    const id = parseId(params.id, "Product");
    const { id: colorId } = await addColor(actor, id, await parseJsonBody(request, colorInputSchema));
    return json({ colorId, ...(await readVariantGrid(id)) }, { status: 201, headers: { "Cache-Control": "private, no-store" } });
  });
}
