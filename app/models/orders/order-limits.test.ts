import { beforeEach, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { takeSlots } from "~/models/platform/index.server";
import { DEFAULT_SETTINGS, resetSettings, saveSettings } from "~/models/platform/index.server";
import { address, product, rejection, stockOf, user } from "../../../tests/support/order.fixtures";
import { TOO_MANY_ORDERS } from "./order-limits.server";
import { placeOrder } from "./order.server";
import { testAdmin } from "../../../tests/support/actors";

// The limits no single visitor can pass (issue 26), at the shop's defaults:
// this file's database is its own, so it drops the suite's loose settings.
beforeEach(async () => {
  await resetSettings(testAdmin);
});

let n = 0;
/** A guest of their own: a fresh e-mail and phone, so only the rule under test can bite. */
const freshGuest = () => {
  n += 1;
  return { name: "Guest", email: `limits-${n}-${Math.random().toString(36).slice(2, 7)}@example.com`, phone: `0171${String(1_000_000 + n * 7919).slice(-7)}` };
};

describe("caps on one order", () => {
  it("refuses more than the per-line cap of one product in one size, and takes no stock", async () => {
    const p = await product(100, { M: 50 });
    const g = freshGuest();
    const error = await rejection(
      placeOrder({ ...g, lines: [{ productId: p.id, size: "M", qty: DEFAULT_SETTINGS.maxQtyPerLine + 1 }], shippingAddress: { ...address, phone: g.phone } }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(`You can order at most ${DEFAULT_SETTINGS.maxQtyPerLine} of one product in one size`);
    expect(await stockOf(p.id, "M")).toBe(50);
  });

  it("counts a size split over several lines as one line", async () => {
    const p = await product(100, { M: 50 });
    const g = freshGuest();
    const error = await rejection(
      placeOrder({
        ...g,
        lines: [
          { productId: p.id, size: "M", qty: 6 },
          { productId: p.id, size: "M", qty: 6 },
        ],
        shippingAddress: { ...address, phone: g.phone },
      }),
    );
    expect(error.message).toBe("You can order at most 10 of one product in one size");
  });

  it("refuses more lines, and more pieces, than one order may hold", async () => {
    await saveSettings(testAdmin, { ...DEFAULT_SETTINGS, maxLinesPerOrder: 2, maxQtyPerOrder: 5 });
    const p = await product(100, { S: 9, M: 9, L: 9 });
    const g = freshGuest();
    const lines = (qty: number) => ["S", "M", "L"].map((size) => ({ productId: p.id, size, qty }));
    expect((await rejection(placeOrder({ ...g, lines: lines(1), shippingAddress: { ...address, phone: g.phone } }))).message).toBe(
      "An order can hold at most 2 different items",
    );
    expect((await rejection(placeOrder({ ...g, lines: lines(3).slice(0, 2), shippingAddress: { ...address, phone: g.phone } }))).message).toBe(
      "An order can hold at most 5 pieces",
    );
    const ok = await placeOrder({ ...g, lines: lines(2).slice(0, 2), shippingAddress: { ...address, phone: g.phone } });
    expect(ok.orderItems).toHaveLength(2);
  });
});

describe("orders per buyer over sliding windows", () => {
  it("lets a phone place its daily number of orders, then answers 429 with the wait", async () => {
    const p = await product(100, { M: 100 });
    const phone = "01812345670";
    const order = (i: number) =>
      placeOrder({ name: "Guest", email: `phone-${i}@example.com`, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone } });
    for (let i = 0; i < DEFAULT_SETTINGS.ordersPerPhonePerDay; i++) await order(i);
    const error = await rejection(order(99));
    expect(error.status).toBe(429);
    expect(error.message).toBe(TOO_MANY_ORDERS);
    // Five a day: the sixth fits once a fifth of the day has passed (4.8 hours).
    expect(error.retryAfter).toBeGreaterThan(4.7 * 3600);
    expect(error.retryAfter).toBeLessThanOrEqual(4.8 * 3600);
    expect(await stockOf(p.id, "M")).toBe(100 - DEFAULT_SETTINGS.ordersPerPhonePerDay);
  });

  it("counts an e-mail across phones, an account across e-mails, and an IP across everything", async () => {
    await saveSettings(testAdmin, { ...DEFAULT_SETTINGS, ordersPerEmailPerDay: 2, ordersPerAccountPerDay: 2, ordersPerIpPerHour: 3 });
    const p = await product(100, { M: 100 });
    const line = [{ productId: p.id, size: "M", qty: 1 }];
    const byEmail = (phone: string) => placeOrder({ name: "G", email: "same@example.com", lines: line, shippingAddress: { ...address, phone } });
    await byEmail("01911000001");
    await byEmail("01911000002");
    expect((await rejection(byEmail("01911000003"))).status).toBe(429);

    const buyer = await user();
    const byAccount = (phone: string) => placeOrder({ userId: buyer.id, lines: line, shippingAddress: { ...address, phone } });
    await byAccount("01511000001");
    await byAccount("01511000002");
    expect((await rejection(byAccount("01511000003"))).status).toBe(429);

    const fromIp = () => {
      const g = freshGuest();
      return placeOrder({ ...g, ip: "203.0.113.9", lines: line, shippingAddress: { ...address, phone: g.phone } });
    };
    for (let i = 0; i < 3; i++) await fromIp();
    const error = await rejection(fromIp());
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBeGreaterThan(1150);
    expect(error.retryAfter).toBeLessThanOrEqual(1200);
  });

  it("does not count an order that failed (no stock), nor one that was refused", async () => {
    await saveSettings(testAdmin, { ...DEFAULT_SETTINGS, ordersPerPhonePerDay: 1 });
    const p = await product(100, { M: 2, L: 0 });
    const phone = "01712000111";
    const order = (size: string) =>
      placeOrder({ name: "G", email: "fail@example.com", lines: [{ productId: p.id, size, qty: 1 }], shippingAddress: { ...address, phone } });
    expect((await rejection(order("L"))).status).toBe(409);
    // The failed order gave its event back: the key's budget is whole (its time is not in the future).
    const after = await prisma.rateLimit.findUnique({ where: { key: `order-phone:${phone}` } });
    expect(after === null || after.tat.getTime() <= Date.now()).toBe(true);
    await order("M");
    expect((await rejection(order("M"))).status).toBe(429);
    const row = await prisma.rateLimit.findUniqueOrThrow({ where: { key: `order-phone:${phone}` } });
    expect(row.tat.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  });

  it("lets a whole limit through at once, then one more per window/limit, and holds under a burst", async () => {
    const take = (rule: { key: string; limit: number; windowSeconds: number }, at: Date) => takeSlots(prisma, [rule], at);
    const rule = { key: "test:window", limit: 3, windowSeconds: 60 };
    const t0 = new Date("2026-11-26T10:00:00Z");
    for (let i = 0; i < 3; i++) expect((await take(rule, t0)).ok).toBe(true);
    expect(await take(rule, new Date(t0.getTime() + 5_000))).toEqual({ ok: false, key: "test:window", retryAfterSeconds: 15 });
    // A refused attempt costs nothing: the wait is the same a second later, less that second.
    expect(await take(rule, new Date(t0.getTime() + 6_000))).toEqual({ ok: false, key: "test:window", retryAfterSeconds: 14 });
    expect((await take(rule, new Date(t0.getTime() + 20_000))).ok).toBe(true);
    expect((await take(rule, new Date(t0.getTime() + 21_000))).ok).toBe(false);
    // A minute after the last, the whole limit again.
    for (let i = 0; i < 3; i++) expect((await take(rule, new Date(t0.getTime() + 81_000))).ok).toBe(true);

    // 40 at once against a limit of 5: the key's row lock lets exactly 5 through.
    const burst = { key: "test:burst", limit: 5, windowSeconds: 60 };
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 40 }, () => take(burst, now)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });
});
