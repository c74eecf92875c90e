import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { deleteCategory, getCategory, updateCategory } from "~/models/catalogue/category.server";
import { categorySchema } from "~/schemas/category";
import { publicJson } from "~/web/cache.server";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** GET /api/categories/{id}. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => publicJson(await getCategory(parseId(params.id, "Category")), {}, request));
}

/** PUT (admin) `{ name }` (a `categoryId` is ignored) and DELETE (admin; never category 1). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/categories/:id");
    const id = parseId(params.id, "Category");
    if (request.method === "DELETE") return json(await deleteCategory(actor, id));
    const input = await parseJsonBody(request, categorySchema);
    return json(await updateCategory(actor, id, input));
  });
}
