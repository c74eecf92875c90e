import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { langOf } from "~/i18n/i18n.server";
import { localePath } from "~/i18n/languages";
import { destroySessionCookie } from "~/models/accounts/auth.server";

// Sign-out is a POST (the user menu's form) so a link or an image on another
// page cannot sign anyone out. Ending the session also empties the cart.
export async function action({ request }: ActionFunctionArgs) {
  return redirect(localePath(langOf(request), "/"), { headers: { "Set-Cookie": await destroySessionCookie(request) } });
}

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(localePath(langOf(request), "/"));
}
