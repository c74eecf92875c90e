import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiAdmin } from "~/models/accounts/auth.server";
import { deleteProduct, getProduct, updateProduct } from "~/models/catalogue/product.server";
import { productInputSchema } from "~/schemas/product";
import { publicJson } from "~/utils/cache.server";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/utils/http.server";

/** GET /api/products/{id} → the product with its reviews, newest first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => publicJson(await getProduct(parseId(params.id, "Product")), {}, request));
}

/** PUT (admin) `{ name, price, image, additionalImages, brand, categoryId, description, sizes }` and DELETE (admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    await requireApiAdmin(request);
    const id = parseId(params.id, "Product");
    if (request.method === "DELETE") return json(await deleteProduct(id));
    const input = await parseJsonBody(request, productInputSchema);
    return json(await updateProduct(id, input));
  });
}
