// Money rules, pure and in one place: pages, the API and the order service all
// use these. Amounts are integer paisa (1 taka = 100 paisa), so arithmetic is
// exact; see docs/decisions/001-money-in-paisa.md.

export const FREE_SHIPPING_ABOVE_PAISA = 100_00;
export const SHIPPING_PAISA = 10_00;
export const TAX_PERCENT = 15;

/** Rounds half away from zero; inputs are whole paisa times whole percents, so exact. */
function percentOf(paisa: number, percent: number): number {
  return Math.round((paisa * percent) / 100);
}

/**
 * Price after a discount of `percent` (0 when none): round2(original × (1 − d/100)),
 * the discounted price itself rounded half up (19.99 at 50 % is 10.00, not 9.99).
 */
export function discountedPaisa(originalPaisa: number, percent: number): number {
  if (percent <= 0) return originalPaisa;
  return percentOf(originalPaisa, 100 - percent);
}

/** The highest active discount covering a product, by product or by its category. */
export function bestDiscountPercent(discounts: { percentage: number; isActive: boolean }[]): number {
  return discounts.reduce((best, d) => (d.isActive && d.percentage > best ? d.percentage : best), 0);
}

export type Totals = { itemsPaisa: number; couponPaisa: number; shippingPaisa: number; taxPaisa: number; totalPaisa: number };

/** A coupon's terms (coupon.server.ts): exactly one of percent and amountOffPaisa is set. */
export type CouponTerms = { percent: number | null; amountOffPaisa: number | null };

/**
 * What a coupon takes off the items (already after the automatic discounts):
 * a percent of them, or a fixed amount, never more than the items cost.
 */
export function couponOffPaisa(itemsPaisa: number, terms: CouponTerms): number {
  const off = terms.percent !== null ? percentOf(itemsPaisa, terms.percent) : (terms.amountOffPaisa ?? 0);
  return Math.min(Math.max(off, 0), itemsPaisa);
}

/**
 * The order's money. A coupon comes off the items before shipping and tax, as
 * a shop's own price cut would: free shipping and the VAT follow what the buyer
 * pays for the goods (decision 086).
 */
export function orderTotals(lines: { unitPaisa: number; qty: number }[], coupon?: CouponTerms | null): Totals {
  const itemsPaisa = lines.reduce((sum, l) => sum + l.unitPaisa * l.qty, 0);
  const couponPaisa = coupon ? couponOffPaisa(itemsPaisa, coupon) : 0;
  const goodsPaisa = itemsPaisa - couponPaisa;
  const shippingPaisa = goodsPaisa > FREE_SHIPPING_ABOVE_PAISA ? 0 : SHIPPING_PAISA;
  const taxPaisa = percentOf(goodsPaisa, TAX_PERCENT);
  return { itemsPaisa, couponPaisa, shippingPaisa, taxPaisa, totalPaisa: goodsPaisa + shippingPaisa + taxPaisa };
}

/** Paisa to the API's taka number (2 decimals, no drift: 5997 → 59.97). */
export function toTaka(paisa: number): number {
  return paisa / 100;
}

// Input rounding lives with the other money helpers, so schemas need nothing from models/.
export { toPaisa } from "~/utils/money";
