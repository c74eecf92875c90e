import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiUser } from "~/web/guards.server";
import { listUserOrders } from "~/models/orders/order.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/orders/mine: the signed-in user's orders, newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const user = await requireApiUser(request);
    return json(await listUserOrders(user.id));
  });

export const action = () => methodNotAllowed();
