import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp, getUser } from "~/models/accounts/auth.server";
import { confirmByCall, confirmByCode } from "~/models/orders/cod-confirm.server";
import { confirmCodeSchema } from "~/schemas/order-ops";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/**
 * POST /api/orders/{id}/confirm {code}: the buyer confirms a cash-on-delivery
 * order with the code from its SMS (the rights of viewing the order, plus the
 * code): 200 with the order, 400 for a wrong code, 429 once five wrong codes
 * have locked it. PUT (admin, no body): the buyer confirmed on a call.
 */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    const id = params.id ?? "";
    const viewer = await getUser(request);
    if (request.method === "PUT") return json(await confirmByCall(id, viewer));
    if (request.method !== "POST") return methodNotAllowed();
    const { code } = await parseJsonBody(request, confirmCodeSchema);
    return json(await confirmByCode(id, code, viewer, new Date(), false, clientIp(context) ?? null));
  });

export const loader = () => methodNotAllowed();
