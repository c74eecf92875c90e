import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { getPayout, listPayouts, recordPayout } from "~/models/orders/payouts.server";
import { COURIERS } from "~/schemas/order-ops";
import { payoutSchema } from "~/schemas/payout";
import { apiHandler, jsonError, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/payouts[?courier=] (admin): the courier payouts recorded, newest first, with their sums and difference. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await apiDoor(request, "/api/payouts");
    const courier = new URL(request.url).searchParams.get("courier") || undefined;
    if (courier && !(COURIERS as readonly string[]).includes(courier)) return jsonError(400, `courier must be one of ${COURIERS.join(", ")}`);
    return json(await listPayouts({ courier }));
  });
}

/**
 * POST /api/payouts (admin) `{ courier, reference, amount, paidAt, orders: [{ order, paid? }] | "csv text", note? }`
 * → 201 the payout with its orders. 400 for an order that is not this courier's delivered one, 409 when the
 * payout is already recorded or one of its orders was paid out before.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const admin = await apiDoor(request, "/api/payouts");
    const input = await parseJsonBody(request, payoutSchema);
    const id = await recordPayout(input, admin, "form");
    return json(await getPayout(id), { status: 201 });
  });
}
