import { redirect } from "@remix-run/node";

import { localePath, type Lang } from "~/i18n/languages";
import { hasSomethingToOrder } from "~/models/orders/checkout-summary.server";
import type { CartView } from "~/models/orders/cart.server";

/**
 * Checkout pages with nothing to order (an empty cart, or only lines that can
 * no longer be bought) send the shopper to the cart, which says why, instead
 * of showing a total of shipping alone. Route glue: the rule is the service's
 * `hasSomethingToOrder`, the redirect is the web layer's.
 */
export function redirectIfNothingToOrder(cart: CartView, lang: Lang = "en") {
  if (!hasSomethingToOrder(cart)) throw redirect(localePath(lang, "/cart"));
}
