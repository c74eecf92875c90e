import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { getUser } from "~/models/accounts/auth.server";
import { getOrderForViewer } from "~/models/orders/order.server";
import { buyerRecord } from "~/models/customers/index.server";
import { normalizeBdMobile } from "~/utils/phone";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/orders/{id}: the owner, an admin, or anyone for a guest order; else 404. An admin's view carries `buyerRecord` (issue 37). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const viewer = await getUser(request);
    const order = await getOrderForViewer(params.id ?? "", viewer);
    if (!viewer?.isAdmin) return json(order);
    const phone = order.shippingAddress.phone;
    return json({ ...order, buyerRecord: normalizeBdMobile(phone) ? await buyerRecord(phone) : null });
  });

export const action = () => methodNotAllowed();
