import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { deleteFooterPage, getFooterPage, updateFooterPage } from "~/models/content/footer.server";
import { footerSchema } from "~/schemas/footer";
import { publicJson } from "~/web/cache.server";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** GET /api/footer/{id}. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => publicJson(await getFooterPage(parseId(params.id, "Footer page")), {}, request));
}

/** PUT (admin) `{ title, description }` and DELETE (admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/footer/:id");
    const id = parseId(params.id, "Footer page");
    if (request.method === "DELETE") return json(await deleteFooterPage(actor, id));
    const input = await parseJsonBody(request, footerSchema);
    return json(await updateFooterPage(actor, id, input));
  });
}
