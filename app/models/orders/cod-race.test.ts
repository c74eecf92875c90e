import { beforeEach, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { LOOSE_BUYER_LIMITS, NO_CALL_RULE } from "../../../tests/support/settings";
import { DEFAULT_SETTINGS, saveSettings } from "~/models/platform/index.server";
import { ServiceError } from "~/models/platform/index.server";
import { confirmByCode, HOLD_ENDED, resendCode } from "./cod-confirm.server";
import { expireHold } from "./cod-hold.server";
import { address, guest, product, rejection, stockOf } from "../../../tests/support/order.fixtures";
import { placeOrder } from "./order.server";
import { testAdmin } from "../../../tests/support/actors";

// Issue 40 #6: a confirm racing its order's expiry, against a real PostgreSQL.
// Both lock the order and then its code (decision 079), so neither waits on
// the other in a cycle; who wins is decided by the hold's end, not by who
// commits first; and a second submit of the right code gets the order.

const loose = {
  ...DEFAULT_SETTINGS,
  ...NO_CALL_RULE,
  ...LOOSE_BUYER_LIMITS,
};
beforeEach(async () => {
  await saveSettings(testAdmin, loose);
});

async function codeOf(orderId: string) {
  const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { key: `order-code:${orderId}:1` } });
  return (row.data as { code: string }).code;
}

/** What a caller would see: the order, a ServiceError's status, or anything else (a deadlock) as it is. */
async function outcome(promise: Promise<unknown>): Promise<"confirmed" | "expired" | "not expired" | number> {
  try {
    const value = await promise;
    if (typeof value === "boolean") return value ? "expired" : "not expired";
    return "confirmed";
  } catch (error) {
    if (error instanceof ServiceError) return error.status;
    throw error;
  }
}

/** 40 guest orders of one piece each, raced eight at a time (the connection pool's size); the product and each race's result. */
async function fortyRaces<T>(race: (orderId: string, code: string) => Promise<T>) {
  const p = await product(100, { M: 40 });
  const orders = [];
  for (let i = 0; i < 40; i++) orders.push(await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address }));
  const codes = await Promise.all(orders.map((o) => codeOf(o.id)));
  const results: T[] = [];
  for (let i = 0; i < orders.length; i += 8) {
    results.push(...(await Promise.all(orders.slice(i, i + 8).map((o, j) => race(o.id, codes[i + j]!)))));
  }
  return { p, results };
}

describe("a confirm racing its order's expiry", () => {
  it("ends in one of them, in parallel transactions, 40 times over: never a deadlock", async () => {
    // The hold ends now: the buyer's code a moment before, the job a moment after.
    const race = async (orderId: string, code: string) => {
      const end = new Date();
      await prisma.orderConfirmCode.update({ where: { orderId }, data: { holdUntil: end } });
      const [confirm, expire] = await Promise.all([
        outcome(confirmByCode(orderId, code, null, new Date(end.getTime() - 1))),
        outcome(expireHold(orderId, new Date(end.getTime() + 1))),
      ]);
      return { confirm, expire };
    };
    const { p, results } = await fortyRaces(race);
    for (const r of results)
      expect(r).toEqual(r.confirm === "confirmed" ? { confirm: "confirmed", expire: "not expired" } : { confirm: 409, expire: "expired" });
    const confirmed = results.filter((r) => r.confirm === "confirmed").length;
    expect(await stockOf(p.id, "M")).toBe(40 - confirmed);
  });

  it("gives a double submit straddling the hold's end one answer, the one the order ends with, 40 times over", async () => {
    // One tap read the clock a moment before the end, the other a moment after; whichever locks the order first decides,
    // and the other reads what it decided (before the fix, the late tap let the early one confirm between its look and its cancel).
    const race = async (orderId: string, code: string) => {
      const end = new Date();
      await prisma.orderConfirmCode.update({ where: { orderId }, data: { holdUntil: end } });
      const taps = await Promise.all([
        outcome(confirmByCode(orderId, code, null, new Date(end.getTime() + 1))),
        outcome(confirmByCode(orderId, code, null, new Date(end.getTime() - 1))),
      ]);
      const row = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { confirmedAt: true, cancelReason: true } });
      return { taps, ended: row.confirmedAt ? "confirmed" : row.cancelReason };
    };
    const { p, results } = await fortyRaces(race);
    for (const r of results)
      expect(r).toEqual(r.ended === "confirmed" ? { taps: ["confirmed", "confirmed"], ended: "confirmed" } : { taps: [409, 409], ended: "not-confirmed" });
    const confirmed = results.filter((r) => r.ended === "confirmed").length;
    expect(await stockOf(p.id, "M")).toBe(40 - confirmed);
  });

  it("refuses a code typed after the hold ended, even when the expiry job is late, and puts the stock back", async () => {
    const p = await product(100, { M: 5 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address });
    const { holdUntil } = await prisma.orderConfirmCode.findUniqueOrThrow({ where: { orderId: order.id } });
    const late = await rejection(confirmByCode(order.id, await codeOf(order.id), null, new Date(holdUntil.getTime() + 1_000)));
    expect(late).toMatchObject({ status: 409, message: HOLD_ENDED });
    const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ confirmedAt: null, cancelReason: "not-confirmed" });
    expect(await stockOf(p.id, "M")).toBe(5);
  });

  it("sends no new code once the hold has ended, and cancels the order then", async () => {
    const p = await product(100, { M: 5 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const { holdUntil } = await prisma.orderConfirmCode.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(await rejection(resendCode(order.id, null, new Date(holdUntil.getTime() + 1_000)))).toMatchObject({ status: 409, message: HOLD_ENDED });
    expect(await prisma.mailOutbox.count({ where: { key: { startsWith: `order-code:${order.id}:` } } })).toBe(1);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).cancelReason).toBe("not-confirmed");
    expect(await stockOf(p.id, "M")).toBe(5);
  });

  it("answers a double submit of the right code with the confirmed order, both times", async () => {
    const p = await product(100, { M: 50 });
    for (let round = 0; round < 10; round++) {
      const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
      const code = await codeOf(order.id);
      const both = await Promise.all([outcome(confirmByCode(order.id, code, null)), outcome(confirmByCode(order.id, code, null))]);
      expect(both).toEqual(["confirmed", "confirmed"]);
    }
  });
});
