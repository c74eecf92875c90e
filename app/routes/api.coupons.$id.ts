import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { deleteCoupon, getCoupon, updateCoupon } from "~/models/orders/coupon.server";
import { couponSchema } from "~/schemas/coupon";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** GET /api/coupons/{id} (admin). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const actor = await apiDoor(request, "/api/coupons/:id");
    return json(await getCoupon(actor, parseId(params.id, "Coupon")));
  });
}

/** PUT (the whole coupon, as POST takes it) and DELETE /api/coupons/{id} (admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/coupons/:id");
    const id = parseId(params.id, "Coupon");
    if (request.method === "DELETE") {
      await deleteCoupon(actor, id);
      return json({ message: "Coupon deleted" });
    }
    return json(await updateCoupon(actor, id, await parseJsonBody(request, couponSchema)));
  });
}
