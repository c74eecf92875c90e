import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { getUser } from "~/models/accounts/auth.server";
import { markDelivered } from "~/models/orders/order.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** PUT /api/orders/{id}/deliver (admin; the service checks): sets isDelivered/deliveredAt; repeating keeps the first time. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    return json(await markDelivered(params.id ?? "", await getUser(request)));
  });

export const loader = () => methodNotAllowed();
