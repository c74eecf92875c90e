import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiAdmin } from "~/models/auth.server";
import { createSampleProduct, listProducts } from "~/models/product.server";
import { publicJson } from "~/utils/cache.server";
import { apiHandler, methodNotAllowed } from "~/utils/http.server";
import { parsePageNumber } from "~/utils/paging";

/** GET /api/products?keyword&pageNumber → `{ products, page, pages }`. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const query = new URL(request.url).searchParams;
    const page = parsePageNumber(query.get("pageNumber"));
    // The contract's shape: the pages' "Showing 9–16 of 52" total stays out of it.
    const { products, pages } = await listProducts({ keyword: query.get("keyword"), page });
    return publicJson({ products, page, pages });
  });
}

/** POST /api/products (admin, no body) → 201 a sample product to edit. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    await requireApiAdmin(request);
    return json(await createSampleProduct(), { status: 201 });
  });
}
