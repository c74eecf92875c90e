import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp, getUser } from "~/models/accounts/auth.server";
import { apiDoor } from "~/web/guards.server";
import { parseIdempotencyKey, placeOrderOnce } from "~/models/orders/idempotency.server";
import { listAllOrders } from "~/models/orders/order.server";
import { orderBodySchema } from "~/schemas/order";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/orders (admin): every order, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    await apiDoor(request, "/api/orders");
    return json(await listAllOrders());
  });

/**
 * POST /api/orders (public): prices, stock and totals are the server's; a
 * `totalPrice` that differs is a 409 and nothing is stored. With an
 * `Idempotency-Key` header, a retry returns the stored order (200).
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const key = parseIdempotencyKey(request.headers.get("Idempotency-Key"));
    const user = await getUser(request);
    const body = await parseJsonBody(request, orderBodySchema);
    const { name, email, country, ...address } = {
      ...body.shippingAddress,
      name: body.name ?? body.shippingAddress.name,
      email: body.email ?? body.shippingAddress.email,
    };
    const input = {
      userId: user?.id ?? null,
      name,
      email,
      lines: body.orderItems.map((i) => ({ productId: i.product, size: i.selectedSize, qty: i.qty, ...(i.color ? { color: i.color } : {}) })),
      shippingAddress: { ...address, country },
      paymentMethod: body.paymentMethod,
      clientTotalPrice: body.totalPrice,
      couponCode: body.couponCode,
      ip: clientIp(context),
    };
    const { order, replayed } = await placeOrderOnce(input, key);
    return json(order, { status: replayed ? 200 : 201 });
  });
