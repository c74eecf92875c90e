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
    // The contract's shape: the pages' "Showing 9–16 of 52" total stays out of it.
    const { products, pages, category } = await listCategoryProducts(id, page);
    return publicJson({ products, page, pages, category });
  });
}

export const action = () => methodNotAllowed();
