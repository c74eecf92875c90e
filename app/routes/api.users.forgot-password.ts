import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp } from "~/models/accounts/auth.server";
import { RESET_REQUESTED, requestPasswordReset } from "~/models/accounts/password-reset.server";
import { forgotPasswordSchema } from "~/schemas/user";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export const loader = () => methodNotAllowed();

/** POST /api/users/forgot-password: always 200 with the same message, account or not (400 only for a malformed body). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const { email } = await parseJsonBody(request, forgotPasswordSchema);
    await requestPasswordReset({ email, ip: clientIp(context) });
    return json({ message: RESET_REQUESTED });
  });
