import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { getPayout } from "~/models/orders/payouts.server";
import { apiHandler, methodNotAllowed, parseId } from "~/web/http.server";

/** GET /api/payouts/{id} (admin): one payout and the orders it paid, each with its cash, charges and difference. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await apiDoor(request, "/api/payouts/:id");
    return json(await getPayout(parseId(params.id, "Payout")));
  });
}

export const action = () => methodNotAllowed();
