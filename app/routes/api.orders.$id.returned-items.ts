import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { recordPartReturn } from "~/models/orders/part-return.server";
import { partReturnSchema } from "~/schemas/payout";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/**
 * PUT /api/orders/{id}/returned-items (admin) `{ returned: [{ item, qty }] }`: a partly delivered
 * order's items that came back go back into stock, once; the order is then delivered (and paid when
 * the courier collected cash). 409 for an order that is not partly delivered or already recorded.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const admin = await apiDoor(request, "/api/orders/:id/returned-items");
    const input = await parseJsonBody(request, partReturnSchema);
    return json(await recordPartReturn(params.id ?? "", input, admin));
  });

export const loader = () => methodNotAllowed();
