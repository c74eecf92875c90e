import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiAdmin } from "~/web/guards.server";
import { deleteCoupon, getCoupon, updateCoupon } from "~/models/orders/coupon.server";
import { couponSchema } from "~/schemas/coupon";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

/** GET /api/coupons/{id} (admin). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiAdmin(request);
    return json(await getCoupon(parseId(params.id, "Coupon")));
  });
}

/** PUT (the whole coupon, as POST takes it) and DELETE /api/coupons/{id} (admin). */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    await requireApiAdmin(request);
    const id = parseId(params.id, "Coupon");
    if (request.method === "DELETE") {
      await deleteCoupon(id);
      return json({ message: "Coupon deleted" });
    }
    return json(await updateCoupon(id, await parseJsonBody(request, couponSchema)));
  });
}
