import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { buyerRecord, setPhone } from "~/models/customers/index.server";
import { phoneSettingsSchema } from "~/schemas/customer-phone";
import { apiDoor } from "~/web/guards.server";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/customers/phone/{phone} (admin): the phone's delivery record; the phone in any usual form. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await apiDoor(request, "/api/customers/phone/:phone");
    return json(await buyerRecord(params.phone ?? ""));
  });
}

/** PUT /api/customers/phone/{phone} (admin) {blocked, reason, note}: a field left out stays as it was. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const admin = await apiDoor(request, "/api/customers/phone/:phone");
    return json(await setPhone(admin, params.phone ?? "", await parseJsonBody(request, phoneSettingsSchema)));
  });
}
