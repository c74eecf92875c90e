import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { createCategory, listCategories } from "~/models/catalogue/category.server";
import { categorySchema } from "~/schemas/category";
import { publicJson } from "~/web/cache.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/categories → every category, by id. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => publicJson(await listCategories(), {}, request));
}

/** POST /api/categories (admin) `{ name }` → 201. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/categories");
    const input = await parseJsonBody(request, categorySchema);
    return json(await createCategory(actor, input), { status: 201 });
  });
}
