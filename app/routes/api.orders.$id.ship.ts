import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { markShipped } from "~/models/orders/order-ops.server";
import { shipOrderSchema } from "~/schemas/order-ops";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/**
 * PUT /api/orders/{id}/ship {courier, trackingNumber?, note?} (admin): hands a
 * confirmed order to a courier; the buyer gets an e-mail and an SMS with the
 * tracking number. Again with other details corrects them (one new message);
 * the same details again change nothing. 409 for a cancelled, delivered or
 * unconfirmed order. The service checks who may (order-permissions.server.ts).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const viewer = await apiDoor(request, "/api/orders/:id/ship");
    const input = await parseJsonBody(request, shipOrderSchema);
    return json(await markShipped(params.id ?? "", input, viewer));
  });

export const loader = () => methodNotAllowed();
