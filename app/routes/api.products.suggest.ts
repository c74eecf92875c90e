import type { LoaderFunctionArgs } from "@remix-run/node";

import { suggest } from "~/models/catalogue/catalogue-suggest.server";
import { suggestQuerySchema } from "~/schemas/catalogue";
import { publicJson } from "~/web/cache.server";
import { fieldErrors, apiHandler, jsonError, methodNotAllowed } from "~/web/http.server";

/**
 * GET /api/products/suggest?q= → `{ products: [{id,name,image,price}], categories: [{id,name}] }`, cached 5 s.
 * `&lang=bn` (the search box on /bn pages) gives the names in Bangla where there is one.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const params = new URL(request.url).searchParams;
    const result = suggestQuerySchema.safeParse({ q: params.get("q") ?? undefined });
    if (!result.success) throw jsonError(400, result.error.issues[0]?.message ?? "Invalid query", fieldErrors(result.error));
    return publicJson(await suggest(result.data.q, params.get("lang") === "bn" ? "bn" : "en"));
  });
}

export const action = () => methodNotAllowed();
