import { beforeEach, describe, expect, it } from "vitest";

import { couponSchema } from "~/schemas/coupon";

import { LOOSE_BUYER_LIMITS, NO_CALL_RULE } from "../../../tests/support/settings";
import { DEFAULT_SETTINGS, saveSettings } from "~/models/platform/index.server";
import { address, guest, product, rejection, user } from "../../../tests/support/order.fixtures";
import { cancelOrder } from "./order-ops.server";
import { expireHold } from "./cod-hold.server";
import { createCoupon, getCoupon } from "./coupon.server";
import { CouponRefused } from "./coupon-use.server";
import { placeOrder } from "./order.server";
import { testAdmin } from "../../../tests/support/actors";

// Issue 41 item 4: coupon codes against a real PostgreSQL. A code's uses are its live orders,
// counted under the coupon's row lock in the order's transaction (decision 086).

const loose = {
  ...DEFAULT_SETTINGS,
  ...NO_CALL_RULE,
  ...LOOSE_BUYER_LIMITS,
};
beforeEach(async () => {
  await saveSettings(testAdmin, loose);
});

let seq = 0;
async function coupon(fields: Record<string, unknown>) {
  return createCoupon(testAdmin, couponSchema.parse({ code: `T${Date.now() % 1_000_000}X${++seq}`, ...fields }));
}

const buyer = (n: number) => ({
  name: `Buyer ${n}`,
  email: `buyer${n}-${Date.now()}@example.com`,
  shippingAddress: { ...address, phone: `0171${String(1_000_000 + n * 7919 + (Date.now() % 1000)).slice(-7)}` },
});

describe("coupon codes", () => {
  it("prices a code as its own line: 10% off ৳200 of items, tax and shipping after it", async () => {
    const p = await product(100, { M: 10 });
    const c = await coupon({ percent: 10 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address, couponCode: c.code.toLowerCase() });
    // Items 200, code −20, goods 180 (> 100: free shipping), tax 15% of 180 = 27, total 207.
    expect(order).toMatchObject({ itemsPrice: 200, couponCode: c.code, couponDiscount: 20, shippingPrice: 0, taxPrice: 27, totalPrice: 207 });
    expect((await getCoupon(testAdmin, c.id)).used).toBe(1);
  });

  it("gives the last use to exactly one of two concurrent orders", async () => {
    const p = await product(100, { M: 40 });
    for (let round = 0; round < 5; round++) {
      const c = await coupon({ amountOff: 5, usageLimit: 1 });
      const results = await Promise.allSettled(
        [buyer(round * 2), buyer(round * 2 + 1)].map((b) => placeOrder({ ...b, lines: [{ productId: p.id, size: "M", qty: 1 }], couponCode: c.code })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(CouponRefused);
      expect(refused.reason).toMatchObject({ status: 400, refusal: { reason: "usedUp" } });
      expect((await getCoupon(testAdmin, c.id)).used).toBe(1);
    }
  });

  it("gets its use back when the order is cancelled, or its cash-on-delivery hold runs out", async () => {
    const p = await product(100, { M: 10 });
    const admin = await user(true);
    const c = await coupon({ amountOff: 5, usageLimit: 1 });
    const first = await placeOrder({ ...buyer(101), lines: [{ productId: p.id, size: "M", qty: 1 }], couponCode: c.code });
    expect((await rejection(placeOrder({ ...buyer(102), lines: [{ productId: p.id, size: "M", qty: 1 }], couponCode: c.code }))).message).toBe(
      `The code ${c.code} has been used up.`,
    );
    await cancelOrder(first.id, "other", { id: admin.id, isAdmin: true });
    expect((await getCoupon(testAdmin, c.id)).used).toBe(0);
    const second = await placeOrder({ ...buyer(102), lines: [{ productId: p.id, size: "M", qty: 1 }], couponCode: c.code });
    expect(second.couponDiscount).toBe(5);
    // A guest's cash-on-delivery order awaits its code; the hold running out cancels it and frees the use.
    expect(await expireHold(second.id, new Date(Date.now() + 10 * 24 * 3600_000))).toBe(true);
    expect((await getCoupon(testAdmin, c.id)).used).toBe(0);
  });

  it("holds a guest to the per-buyer limit by phone, whatever e-mail is typed", async () => {
    const p = await product(100, { M: 10 });
    const c = await coupon({ percent: 5, perBuyerLimit: 1 });
    const b = buyer(201);
    await placeOrder({ ...b, lines: [{ productId: p.id, size: "M", qty: 1 }], couponCode: c.code });
    const again = await rejection(
      placeOrder({ ...b, email: `other-${Date.now()}@example.com`, lines: [{ productId: p.id, size: "M", qty: 1 }], couponCode: c.code }),
    );
    expect(again).toMatchObject({ status: 400, refusal: { reason: "buyerLimit" } });
    // Another buyer still may.
    const other = await placeOrder({ ...buyer(202), lines: [{ productId: p.id, size: "M", qty: 1 }], couponCode: c.code });
    expect(other.couponCode).toBe(c.code);
  });

  it("refuses an unknown, expired, not-yet-valid or below-minimum code, and places nothing", async () => {
    const p = await product(100, { M: 10 });
    const place = (code: string) => rejection(placeOrder({ ...buyer(301), lines: [{ productId: p.id, size: "M", qty: 1 }], couponCode: code }));
    const day = 24 * 3600_000;
    const expired = await coupon({ percent: 5, startsAt: new Date(Date.now() - 2 * day).toISOString(), endsAt: new Date(Date.now() - day).toISOString() });
    const later = await coupon({ percent: 5, startsAt: new Date(Date.now() + day).toISOString() });
    const min = await coupon({ amountOff: 10, minSubtotal: 500 });
    expect((await place("NOSUCHCODE")).message).toBe("We don't know the code NOSUCHCODE. Check it and try again.");
    expect((await place(expired.code)).message).toBe(`The code ${expired.code} has expired.`);
    expect((await place(later.code)).message).toBe(`The code ${later.code} is not valid yet.`);
    expect((await place(min.code)).message).toBe(`The code ${min.code} needs items worth at least ৳500.00; yours come to ৳100.00.`);
    expect((await getCoupon(testAdmin, min.id)).used).toBe(0);
  });
});
