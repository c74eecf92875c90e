import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { cashByCourier, outstandingOrders } from "~/models/orders/payout-cash.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/payouts/cash (admin): per courier the cash to collect, held and paid out, and the delivered orders not paid out yet. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await apiDoor(request, "/api/payouts/cash");
    return json({ couriers: await cashByCourier(), outstanding: await outstandingOrders({ limit: 1000 }) });
  });
}

export const action = () => methodNotAllowed();
