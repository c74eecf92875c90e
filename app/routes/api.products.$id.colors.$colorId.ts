import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { apiHandler, methodNotAllowed, parseId } from "~/web/http.server";
import { removeColor } from "~/web/variant-admin.server";

/** DELETE (admin) → `{ message, orderLines }`: the colour and its variants go; orders keep its names. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "DELETE") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/products/:id/colors/:colorId");
    return json(await removeColor(actor, parseId(params.id, "Product"), parseId(params.colorId, "Colour")));
  });
}
