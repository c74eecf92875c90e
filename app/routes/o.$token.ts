import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";

import { isLang, localePath } from "~/i18n/languages";
import { clientIp } from "~/models/accounts/auth.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { openByLink } from "~/models/orders/order-link.server";
import { ServiceError } from "~/models/platform/errors.server";

// An SMS's short link (decision 084): remembers in this browser that it holds the link, then opens
// the order's page in the language it was placed in. An unknown token is the order page's 404.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  try {
    const order = await openByLink(session, params.token ?? "", clientIp(context));
    if (!order) throw json({ message: "Order not found" }, { status: 404 });
    const path = localePath(isLang(order.lang) ? order.lang : "en", `/order/${order.id}`);
    return redirect(path, { headers: { "Set-Cookie": await commitSession(session), "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof ServiceError)
      throw json({ message: error.message }, { status: error.status, headers: { "Retry-After": String(error.retryAfter ?? 3600) } });
    throw error;
  }
}
