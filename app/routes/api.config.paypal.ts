import { json } from "@remix-run/node";

import { env } from "~/models/platform/env.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** GET /api/config/paypal → `{ clientId }` (null when PAYPAL_CLIENT_ID is not set). */
export function loader() {
  return apiHandler(async () => json({ clientId: env.PAYPAL_CLIENT_ID ?? null }));
}

export const action = () => methodNotAllowed();
