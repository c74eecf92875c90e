import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { getUser } from "~/models/accounts/auth.server";
import { markReceivedBack } from "~/models/orders/courier-updates.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/**
 * PUT /api/orders/{id}/received-back (admin; the service checks): a parcel on
 * its way back is at the shop. Its items go back into stock once and the order
 * closes as returned; repeating answers the order as it is. 409 for an order
 * that is not on its way back.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    return json(await markReceivedBack(params.id ?? "", await getUser(request)));
  });

export const loader = () => methodNotAllowed();
