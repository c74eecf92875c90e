import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { bookOrders } from "~/models/shipping/index.server";
import { bookOrdersSchema } from "~/schemas/booking";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/**
 * POST /api/orders/book {courier, orderIds} (admin): books many confirmed orders with one courier,
 * in one bulk call where it has one. 200 {booked: [orders], failed: [{id, message}]}.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const viewer = await apiDoor(request, "/api/orders/book");
    const { courier, orderIds } = await parseJsonBody(request, bookOrdersSchema);
    return json(await bookOrders(courier, orderIds, viewer));
  });

export const loader = () => methodNotAllowed();
