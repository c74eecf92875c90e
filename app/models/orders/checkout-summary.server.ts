import { redirect } from "@remix-run/node";
import type { SummaryItem } from "~/components/OrderSummary";
import { localePath, type Lang } from "~/i18n/languages";

import type { CartView } from "./cart.server";
import { orderTotals, toTaka } from "../catalogue/pricing";

export type CheckoutTotals = { itemsPrice: number; shippingPrice: number; taxPrice: number; totalPrice: number };

/**
 * What every checkout step shows of the cart: its lines and the totals the
 * order would have (only orderable lines count, as placeOrder will charge).
 */
export function checkoutSummary(cart: CartView): { items: SummaryItem[]; totals: CheckoutTotals } {
  const orderable = cart.items.filter((i) => i.available);
  const t = orderTotals(orderable.map((i) => ({ unitPaisa: i.unitPaisa, qty: i.qty })));
  return {
    items: cart.items.map((i) => ({
      product: i.image ? i.productId : null,
      name: i.name,
      image: i.image,
      price: i.price,
      qty: i.qty,
      selectedSize: i.size,
      note: i.available ? null : i.note,
      muted: !i.available,
    })),
    totals: {
      itemsPrice: toTaka(t.itemsPaisa),
      shippingPrice: toTaka(t.shippingPaisa),
      taxPrice: toTaka(t.taxPaisa),
      totalPrice: toTaka(t.totalPaisa),
    },
  };
}

/**
 * Checkout pages with nothing to order (an empty cart, or only lines that can
 * no longer be bought) send the shopper to the cart, which says why, instead
 * of showing a total of shipping alone.
 */
export function redirectIfNothingToOrder(cart: CartView, lang: Lang = "en") {
  if (!cart.items.some((i) => i.available)) throw redirect(localePath(lang, "/cart"));
}
