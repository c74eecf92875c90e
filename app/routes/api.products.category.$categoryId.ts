import type { LoaderFunctionArgs } from "@remix-run/node";

import { listCategoryProducts } from "~/models/catalogue/product.server";
import { publicJson } from "~/web/cache.server";
import { parseApiListOptions } from "~/web/catalogue-query.server";
import { apiHandler, methodNotAllowed, parseId } from "~/web/http.server";
import { parsePageNumber } from "~/utils/paging";

/** GET /api/products/category/{categoryId}?pageNumber (and the list sort and filters) → `{ products, page, pages, category }`. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const id = parseId(params.categoryId, "Category");
    const query = new URL(request.url).searchParams;
    const page = parsePageNumber(query.get("pageNumber"));
    return publicJson(await listCategoryProducts(id, page, parseApiListOptions(query)), {}, request);
  });
}

export const action = () => methodNotAllowed();
