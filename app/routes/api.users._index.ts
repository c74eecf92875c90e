import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp, signInSession } from "~/models/accounts/auth.server";
import { apiDoor } from "~/web/guards.server";
import { limitAuthAttempt, limitRegistration } from "~/models/accounts/rate-limit.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { listUsers, registerUser, toUserDTO } from "~/models/accounts/user.server";
import { registerApiSchema } from "~/schemas/user";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/users (admin): every user. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const actor = await apiDoor(request, "/api/users");
    return json(await listUsers(actor));
  });

/** POST /api/users: register and sign in. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const body = await parseJsonBody(request, registerApiSchema);
    const user = await limitRegistration(clientIp(context), () => limitAuthAttempt({ ip: clientIp(context), email: body.email }, () => registerUser(body)));
    const session = await getSession(request);
    signInSession(session, user);
    return json(toUserDTO(user), { status: 201, headers: { "Set-Cookie": await commitSession(session) } });
  });
