import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { apiDoor } from "~/web/guards.server";
import { getDashboardStats } from "~/models/orders/stats.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/admin/stats (admin): the dashboard's figures as JSON. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    await apiDoor(request, "/api/admin/stats");
    return json(await getDashboardStats());
  });

export const action = () => methodNotAllowed();
