import type { LoaderFunctionArgs } from "@remix-run/node";

import { listCategoryProducts } from "~/models/product.server";
import { publicJson } from "~/utils/cache.server";
import { apiHandler, methodNotAllowed, parseId } from "~/utils/http.server";
import { parsePageNumber } from "~/utils/paging";

/** GET /api/products/category/{categoryId}?pageNumber → `{ products, page, pages, category }`. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const id = parseId(params.categoryId, "Category");
    const page = parsePageNumber(new URL(request.url).searchParams.get("pageNumber"));
    return publicJson(await listCategoryProducts(id, page), {}, request);
  });
}

export const action = () => methodNotAllowed();
