import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { createCoupon, listCoupons } from "~/models/orders/coupon.server";
import { couponSchema } from "~/schemas/coupon";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/coupons (admin): every coupon, newest first, with how often it was used. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const actor = await apiDoor(request, "/api/coupons");
    return json(await listCoupons(actor));
  });
}

/** POST /api/coupons (admin) `{ code, percent | amountOff, minSubtotal, startsAt, endsAt, usageLimit, perBuyerLimit, active }` → 201. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/coupons");
    const input = await parseJsonBody(request, couponSchema);
    return json(await createCoupon(actor, input), { status: 201 });
  });
}
