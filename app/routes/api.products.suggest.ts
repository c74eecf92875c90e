import type { LoaderFunctionArgs } from "@remix-run/node";

import { suggest } from "~/models/catalogue/catalogue-suggest.server";
import { suggestQuerySchema } from "~/schemas/catalogue";
import { publicJson } from "~/utils/cache.server";
import { fieldErrors, apiHandler, jsonError, methodNotAllowed } from "~/utils/http.server";

/** GET /api/products/suggest?q= → `{ products: [{id,name,image,price}], categories: [{id,name}] }`, cached 5 s. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const result = suggestQuerySchema.safeParse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
    if (!result.success) throw jsonError(400, result.error.issues[0]?.message ?? "Invalid query", fieldErrors(result.error));
    return publicJson(await suggest(result.data.q));
  });
}

export const action = () => methodNotAllowed();
