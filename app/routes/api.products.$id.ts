import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { getUser } from "~/models/accounts/auth.server";
import { apiDoor } from "~/web/guards.server";
import { notFound } from "~/models/platform/errors.server";
import { can } from "~/models/platform/permissions";
import { deleteProduct, getProduct, updateProduct } from "~/models/catalogue/product.server";
import { productInputSchema } from "~/schemas/product";
import { publicJson } from "~/web/cache.server";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** GET /api/products/{id} → the product with its reviews, newest first. A draft: admins only (404 to others), never cached. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const product = await getProduct(parseId(params.id, "Product"), { drafts: true });
    if (product.status === "active") return publicJson(product, {}, request);
    if (!can(await getUser(request), "read:draft:any")) throw notFound("Product");
    return json(product, { headers: { "Cache-Control": "private, no-store" } });
  });
}

/** PUT (admin) `{ name, price, image, additionalImages, brand, categoryId, description, sizes, status? }` and DELETE (admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/products/:id");
    const id = parseId(params.id, "Product");
    if (request.method === "DELETE") return json(await deleteProduct(actor, id));
    const input = await parseJsonBody(request, productInputSchema);
    return json(await updateProduct(actor, id, input));
  });
}
