import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp, getUser } from "~/models/accounts/auth.server";
import { cancelOrder } from "~/models/orders/order-ops.server";
import { cancelOrderSchema } from "~/schemas/order-ops";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/**
 * PUT /api/orders/{id}/cancel {reason}: an admin cancels any undelivered order
 * (reason required); the buyer their own unpaid one, a guest through the
 * order's link plus {email} or {phone} from checkout (400 missing, 403 wrong).
 * The stock goes back; a second cancel is a 409.
 */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const viewer = await getUser(request);
    const { reason, email, phone } = await parseJsonBody(request, cancelOrderSchema);
    return json(await cancelOrder(params.id ?? "", reason, viewer, { email, phone, ip: clientIp(context) }));
  });

export const loader = () => methodNotAllowed();
