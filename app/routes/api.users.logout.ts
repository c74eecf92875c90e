import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { destroySessionCookie } from "~/models/accounts/auth.server";
import { apiHandler, methodNotAllowed } from "~/web/http.server";

export const loader = () => methodNotAllowed();

/** POST /api/users/logout: ends the session, and with it the cart. */
export const action = ({ request }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    return json({ message: "Logged out successfully" }, { headers: { "Set-Cookie": await destroySessionCookie(request) } });
  });
