import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { requireApiUser, signInSession } from "~/models/accounts/auth.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { toUserDTO, updateProfile } from "~/models/accounts/user.server";
import { profileApiSchema } from "~/schemas/user";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/** GET /api/users/profile: the signed-in user. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => json(toUserDTO(await requireApiUser(request))));

/** PUT /api/users/profile: name, e-mail and/or password; renews the sign-in for 30 days. */
export const action = ({ request }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const user = await requireApiUser(request);
    const body = await parseJsonBody(request, profileApiSchema);
    const account = await updateProfile(user.id, body);
    // After a password change this session moves to the new version; all others are refused.
    const session = await getSession(request);
    signInSession(session, account);
    return json(toUserDTO(account), { headers: { "Set-Cookie": await commitSession(session) } });
  });
