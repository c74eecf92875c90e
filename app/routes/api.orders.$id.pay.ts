import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiAdmin } from "~/models/accounts/auth.server";
import { markPaid } from "~/models/orders/order.server";
import { apiHandler, methodNotAllowed } from "~/utils/http.server";

/** PUT /api/orders/{id}/pay (admin): sets isPaid/paidAt; repeating keeps the first time. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const admin = await requireApiAdmin(request);
    return json(await markPaid(params.id ?? "", admin.id));
  });

export const loader = () => methodNotAllowed();
