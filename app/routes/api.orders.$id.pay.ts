import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { getUser } from "~/models/accounts/auth.server";
import { markPaid } from "~/models/orders/order.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** PUT /api/orders/{id}/pay (admin; the service checks): sets isPaid/paidAt; repeating keeps the first time. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    return json(await markPaid(params.id ?? "", await getUser(request)));
  });

export const loader = () => methodNotAllowed();
