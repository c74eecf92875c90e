import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp, getUser } from "~/models/accounts/auth.server";
import { resendCode } from "~/models/orders/cod-confirm.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

/** POST /api/orders/{id}/resend-code: a new code by SMS to the order's phone; 429 within a minute of the last, or after five. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const { sentTo } = await resendCode(params.id ?? "", await getUser(request), new Date(), false, clientIp(context) ?? null);
    return json({ message: `We sent a new code to ${sentTo}` });
  });

export const loader = () => methodNotAllowed();
