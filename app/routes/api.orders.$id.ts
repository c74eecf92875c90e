import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { getUser } from "~/models/accounts/auth.server";
import { getOrderForViewer } from "~/models/orders/order.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/orders/{id}: the owner, an admin, or anyone for a guest order; else 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiHandler(async () => json(await getOrderForViewer(params.id ?? "", await getUser(request))));

export const action = () => methodNotAllowed();
