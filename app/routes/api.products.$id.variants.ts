import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { saveStockGrid } from "~/models/catalogue/variant-admin.server";
import { stockGridSchema } from "~/schemas/variants";
import { apiDoor } from "~/web/guards.server";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";
import { readVariantGrid } from "~/web/variant-admin.server";

const noStore = { headers: { "Cache-Control": "private, no-store" } };

/** GET (admin) → the product's colours, sizes and one cell per variant `{sku, size, colorId, quantity}`. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await apiDoor(request, "/api/products/:id/variants");
    return json(await readVariantGrid(parseId(params.id, "Product")), noStore);
  });
}

/** PUT (admin) `{ cells: [{ sku, quantity }] }`: each variant's stock, all or nothing → the grid. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/products/:id/variants");
    const id = parseId(params.id, "Product");
    await saveStockGrid(actor, id, await parseJsonBody(request, stockGridSchema));
    return json(await readVariantGrid(id), noStore);
  });
}
