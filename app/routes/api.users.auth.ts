import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp, signInSession, verifyCredentials } from "~/models/accounts/auth.server";
import { limitAuthAttempt } from "~/models/accounts/rate-limit.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { toUserDTO } from "~/models/accounts/user.server";
import { loginSchema } from "~/schemas/user";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

export const loader = () => methodNotAllowed();

/** POST /api/users/auth: the same credential check as the /login page's form strategy. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const { email, password } = await parseJsonBody(request, loginSchema);
    const user = await limitAuthAttempt({ ip: clientIp(context), email }, () => verifyCredentials(email, password));
    const session = await getSession(request);
    signInSession(session, user);
    return json(toUserDTO(user), { headers: { "Set-Cookie": await commitSession(session) } });
  });
