import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { createFooterPage, listFooterPages } from "~/models/content/footer.server";
import { footerSchema } from "~/schemas/footer";
import { publicJson } from "~/web/cache.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/footer → every footer page, by id. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => publicJson(await listFooterPages(), {}, request));
}

/** POST /api/footer (admin) `{ title, description }` → 201; the description is sanitized. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/footer");
    const input = await parseJsonBody(request, footerSchema);
    return json(await createFooterPage(actor, input), { status: 201 });
  });
}
