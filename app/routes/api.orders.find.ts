import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp } from "~/models/accounts/auth.server";
import { findGuestOrder } from "~/models/orders/order-lookup.server";
import { orderLookupApiSchema } from "~/schemas/order-lookup";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export const loader = () => methodNotAllowed();

/** POST /api/orders/find {orderNumber, email|phone}: the guest order (as GET /api/orders/{id}), 404 for any wrong pair, 429 when limited. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const input = await parseJsonBody(request, orderLookupApiSchema);
    return json(await findGuestOrder({ ...input, ip: clientIp(context) }));
  });
