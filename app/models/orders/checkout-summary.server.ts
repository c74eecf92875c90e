import type { CartView } from "./cart.server";
import { orderTotals, toTaka, type CouponTerms } from "~/models/catalogue/index.server";

export type CheckoutTotals = {
  itemsPrice: number;
  /** The applied coupon code and what it takes off (issue 41 item 4): null and 0 without one. */
  couponCode: string | null;
  couponDiscount: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
};

/** A line as the checkout steps list it; `product` is null when it no longer links anywhere. */
export type CheckoutLine = {
  product: number | null;
  name: string;
  image: string | null;
  price: number;
  qty: number;
  selectedSize: string;
  /** The line's colour in the page's language (issue 38), on products with colours. */
  color?: string;
  /** Shown under the line, e.g. why it cannot be ordered. */
  note?: string | null;
  muted?: boolean;
};

/**
 * What every checkout step shows of the cart: its lines and the totals the
 * order would have (only orderable lines count, as placeOrder will charge).
 */
export function checkoutSummary(cart: CartView, coupon?: (CouponTerms & { code: string }) | null): { items: CheckoutLine[]; totals: CheckoutTotals } {
  const orderable = cart.items.filter((i) => i.available);
  const t = orderTotals(
    orderable.map((i) => ({ unitPaisa: i.unitPaisa, qty: i.qty })),
    coupon,
  );
  return {
    items: cart.items.map((i) => ({
      product: i.image ? i.productId : null,
      name: i.name,
      image: i.image,
      price: i.price,
      qty: i.qty,
      selectedSize: i.size,
      // Which colour will be placed, said before the shopper places it.
      ...(i.color ? { color: i.colorLabel ?? i.color } : {}),
      note: i.available ? null : i.note,
      muted: !i.available,
    })),
    totals: {
      itemsPrice: toTaka(t.itemsPaisa),
      couponCode: coupon && t.couponPaisa > 0 ? coupon.code : null,
      couponDiscount: toTaka(t.couponPaisa),
      shippingPrice: toTaka(t.shippingPaisa),
      taxPrice: toTaka(t.taxPaisa),
      totalPrice: toTaka(t.totalPaisa),
    },
  };
}

/** Whether any line of the cart can still be ordered (the checkout steps send the shopper back to the cart otherwise). */
export function hasSomethingToOrder(cart: CartView): boolean {
  return cart.items.some((i) => i.available);
}
