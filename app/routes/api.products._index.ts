import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { createSampleProduct, listProducts } from "~/models/catalogue/product.server";
import { publicJson } from "~/web/cache.server";
import { parseApiListOptions } from "~/web/catalogue-query.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";
import { parsePageNumber } from "~/utils/paging";

/**
 * GET /api/products?keyword&pageNumber → `{ products, page, pages }`, with the
 * list pages' sort and filters (sort, size, color, brand, inStock, onSale, minPrice, maxPrice).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const query = new URL(request.url).searchParams;
    const page = parsePageNumber(query.get("pageNumber"));
    const options = parseApiListOptions(query);
    return publicJson(await listProducts({ keyword: query.get("keyword"), page, options }), {}, request);
  });
}

/** POST /api/products (admin, no body) → 201 a sample product to edit. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/products");
    return json(await createSampleProduct(actor), { status: 201 });
  });
}
