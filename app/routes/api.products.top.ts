import type { LoaderFunctionArgs } from "@remix-run/node";

import { getTopProducts } from "~/models/catalogue/product.server";
import { publicJson } from "~/web/cache.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/products/top → the 3 best-rated products (ties: more reviews first). */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => publicJson(await getTopProducts(), {}, request));
}

export const action = () => methodNotAllowed();
