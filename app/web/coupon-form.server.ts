import type { Session } from "~/models/accounts/session.server";
import { previewCoupon, type CouponBuyer, type CouponRefusal } from "~/models/orders/coupon-use.server";
import type { CouponTerms } from "~/models/catalogue/pricing";
import { toTaka } from "~/models/catalogue/pricing";
import { applyCouponSchema } from "~/schemas/coupon";

// The "Have a code?" field on the cart and checkout pages (issue 41 item 4):
// an applied code lives in the session until the order is placed; whether it
// applies is asked again on every page and, for good, by placeOrder.

/** What the pages show: the applied code and its discount (taka), or why the code is not applied. */
export type CouponState =
  { code: string; off: number; refusal: null } | { code: string; off: 0; refusal: CouponRefusal | { reason: "badFormat"; code: string } } | null;

/** What the action answers when a code is refused: the refusal and what was typed, so the field keeps it. */
export type CouponActionData = { coupon: { typed: string; refusal: CouponRefusal | { reason: "badFormat"; code: string } } };

export const COUPON_INTENTS = ["applyCoupon", "removeCoupon"] as const;

export function isCouponIntent(intent: unknown): intent is (typeof COUPON_INTENTS)[number] {
  return COUPON_INTENTS.includes(intent as (typeof COUPON_INTENTS)[number]);
}

/**
 * Applies or removes a code. Null: done, the caller commits the session and
 * redirects back (POST/redirect, JavaScript off too). Otherwise the refusal, for a 400.
 */
export async function handleCouponIntent(
  session: Session,
  form: Record<string, FormDataEntryValue>,
  cart: { itemsPaisa: number; buyer?: CouponBuyer | null },
): Promise<CouponActionData | null> {
  if (form.intent === "removeCoupon") {
    session.unset("coupon");
    return null;
  }
  const typed = typeof form.code === "string" ? form.code.slice(0, 60) : "";
  const parsed = applyCouponSchema.safeParse({ code: typed });
  if (!parsed.success) return { coupon: { typed, refusal: { reason: "badFormat", code: typed.trim() } } };
  const result = await previewCoupon(parsed.data.code, { itemsPaisa: cart.itemsPaisa, buyer: cart.buyer });
  if (!result.ok) return { coupon: { typed, refusal: result.refusal } };
  session.set("coupon", result.coupon.code);
  return null;
}

/** The session's code as it stands for this cart now, and the terms to price it with (null when it does not apply). */
export async function sessionCoupon(
  session: Session,
  cart: { itemsPaisa: number; buyer?: CouponBuyer | null },
): Promise<{ state: CouponState; terms: (CouponTerms & { code: string }) | null }> {
  const code = session.get("coupon");
  if (!code) return { state: null, terms: null };
  const result = await previewCoupon(code, { itemsPaisa: cart.itemsPaisa, buyer: cart.buyer });
  if (!result.ok) return { state: { code, off: 0, refusal: result.refusal }, terms: null };
  return { state: { code: result.coupon.code, off: toTaka(result.offPaisa), refusal: null }, terms: result.coupon };
}
