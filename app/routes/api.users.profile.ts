import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { clientIp, signInSession } from "~/models/accounts/auth.server";
import { requireApiUser } from "~/web/guards.server";
import { EMAIL_CHANGE_SENT, updateProfile } from "~/models/accounts/profile.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { toUserDTO } from "~/models/accounts/user.server";
import { profileApiSchema } from "~/schemas/user";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/web/http.server";

/** GET /api/users/profile: the signed-in user. */
export const loader = ({ request }: LoaderFunctionArgs) => apiHandler(async () => json(toUserDTO(await requireApiUser(request))));

/**
 * PUT /api/users/profile: name, and with `currentPassword` a new password
 * and/or e-mail; renews the sign-in (never past 30 days from signing in). A
 * new e-mail is mailed a link and shown as `pendingEmail` until it is opened.
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const user = await requireApiUser(request);
    const body = await parseJsonBody(request, profileApiSchema);
    const { account, pendingEmail } = await updateProfile(user.id, body, { ip: clientIp(context) });
    // After a password change this session moves to the new version; all others are refused.
    const session = await getSession(request);
    signInSession(session, account, { renew: true });
    const answer = pendingEmail ? { ...toUserDTO(account), pendingEmail, message: EMAIL_CHANGE_SENT } : toUserDTO(account);
    return json(answer, { headers: { "Set-Cookie": await commitSession(session) } });
  });
