import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { bookOrder } from "~/models/shipping/index.server";
import { bookOrderSchema } from "~/schemas/booking";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/**
 * POST /api/orders/{id}/book {courier} (admin): books a confirmed order with a courier's API and
 * marks it shipped with the consignment id and tracking code. 409 when it is not confirmed; 502
 * {message} in the courier's words when it refuses or cannot be reached. Again: the same order.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const viewer = await apiDoor(request, "/api/orders/:id/book");
    const { courier } = await parseJsonBody(request, bookOrderSchema);
    return json(await bookOrder(params.id ?? "", courier, viewer));
  });

export const loader = () => methodNotAllowed();
