import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp, signInSession } from "~/models/accounts/auth.server";
import { resetPassword } from "~/models/accounts/password-reset.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { toUserDTO } from "~/models/accounts/user.server";
import { resetPasswordApiSchema } from "~/schemas/user";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export const loader = () => methodNotAllowed();

/** POST /api/users/reset-password: sets the password, ends other sign-ins, and signs this client in (as /api/users/auth). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const { token, password } = await parseJsonBody(request, resetPasswordApiSchema);
    const user = await resetPassword({ token, password, ip: clientIp(context) });
    const session = await getSession(request);
    signInSession(session, user);
    return json(toUserDTO(user), { headers: { "Set-Cookie": await commitSession(session) } });
  });
