import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { DEFAULT_SETTINGS, prisma, saveSettings } from "~/models/platform/index.server";
import { emailKey } from "~/utils/email-key";

import { shopSmsAlert, spendSms } from "./anti-drain.server";
import { confirmByCode, resendCode, WAITS_FOR_CALL, CODE_LOCKED } from "./cod-confirm.server";
import { expireHold } from "./cod-hold.server";
import { confirmationView } from "./cod-confirm.server";
import { placeOrder } from "./order.server";
import { address, guest, product, rejection, stockOf, user } from "../../../tests/support/order.fixtures";
import { testAdmin } from "../../../tests/support/actors";

// Issue 37 items 3-5 (decision 093) against a real PostgreSQL: the held-pieces caps, the SMS budgets
// shared by two instances, the per-client wrong-code lock, and the e-mail's normal form.

const loose = {
  ...DEFAULT_SETTINGS,
  ordersPerPhonePerDay: 100_000,
  ordersPerEmailPerDay: 100_000,
  ordersPerAccountPerDay: 100_000,
  ordersPerIpPerHour: 100_000,
};
beforeEach(async () => {
  await saveSettings(testAdmin, loose);
  // Each test's budgets start whole (the shop-wide one is shared by every test in this database).
  await prisma.rateLimit.deleteMany({});
});

/** A second instance: its own client and pool on the same database. */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 5 });
const other = new PrismaClient({ adapter: new PrismaPg(pool) });
afterAll(async () => {
  await other.$disconnect();
  await pool.end();
});

let phoneSeq = Math.floor(Math.random() * 1e6);
const newPhone = () => `0171${String(++phoneSeq).padStart(7, "0")}`;

describe("the SMS budgets", () => {
  it("hold for one phone, one address and the whole shop with two instances spending at once", async () => {
    const s = { ...loose, smsPerPhonePerHour: 4, smsPerIpPerHour: 7, smsPerShopPerHour: 1_000 };
    const via = (i: number) => (i % 2 ? other : prisma) as typeof prisma;
    const phone = newPhone();
    // 25 texts to one number, asked for through two instances at the same moment: the budget's four go out.
    const one = await Promise.all(Array.from({ length: 25 }, (_, i) => spendSms({ phone }, s, new Date(), via(i))));
    expect(one.filter((r) => r.ok)).toHaveLength(4);
    // One address, a new number each time: seven.
    const fromIp = await Promise.all(Array.from({ length: 20 }, (_, i) => spendSms({ phone: newPhone(), ip: "10.9.9.9" }, s, new Date(), via(i))));
    expect(fromIp.filter((r) => r.ok)).toHaveLength(7);
    expect(fromIp.filter((r) => !r.ok && r.reason === "sms-ip")).toHaveLength(13);
    // The whole shop: twelve an hour, whoever asks; then the admin hears of it.
    await prisma.rateLimit.deleteMany({});
    const shop = { ...s, smsPerShopPerHour: 12 };
    expect(await shopSmsAlert(shop)).toBeNull();
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => spendSms({ phone: newPhone(), ip: `10.8.0.${i}` }, shop, new Date(), via(i))));
    expect(all.filter((r) => r.ok)).toHaveLength(12);
    expect(all.filter((r) => !r.ok && r.reason === "sms-shop")).toHaveLength(18);
    expect(await shopSmsAlert(shop)).toMatchObject({ exhaustedNow: true, budget: 12 });
  });

  it("past the phone's budget places the order without an SMS: it waits for a call and is not cancelled when the code's hold would end", async () => {
    await saveSettings(testAdmin, { ...loose, smsPerPhonePerHour: 1 });
    const p = await product(100, { M: 10 });
    const phone = newPhone();
    const first = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone } });
    const second = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone } });
    const sms = await prisma.mailOutbox.count({ where: { channel: "sms", to: phone } });
    expect(sms).toBe(1);
    expect(await confirmationView(first)).toMatchObject({ sentTo: expect.any(String) });
    expect(await confirmationView(second)).toEqual({ waitsForCall: true });
    expect((await rejection(resendCode(first.id, null, new Date(Date.now() + 61_000)))).message).toBe(WAITS_FOR_CALL);
    // Half an hour later the code's order is cancelled; the one that waits for a call keeps its items.
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await expireHold(second.id, later)).toBe(false);
    expect(await expireHold(first.id, later)).toBe(true);
    expect(await stockOf(p.id, "M")).toBe(9);
  });
});

describe("the held-pieces caps", () => {
  it("refuses an account's orders past the pieces its unshipped orders may hold, with a 400 naming the cap", async () => {
    await saveSettings(testAdmin, { ...loose, heldPiecesPerAccount: 12, smsPerPhonePerHour: 100 });
    const p = await product(100, { M: 100 });
    const buyer = await user();
    const order = (qty: number) =>
      placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty }], shippingAddress: { ...address, phone: newPhone() } });
    await order(5);
    await order(5);
    const refused = await rejection(order(5));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("Your orders that have not been sent yet already hold 12 pieces. Please wait until they are sent, or call us to order more.");
    await order(2);
    expect(await stockOf(p.id, "M")).toBe(88);
  });

  it("counts one address's orders together, even when placed at the same moment", async () => {
    await saveSettings(testAdmin, { ...loose, heldPiecesPerIp: 10, smsPerIpPerHour: 100 });
    const p = await product(100, { M: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        placeOrder({
          ...guest,
          email: `g${i}@example.com`,
          ip: "10.1.2.3",
          lines: [{ productId: p.id, size: "M", qty: 3 }],
          shippingAddress: { ...address, phone: newPhone() },
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await stockOf(p.id, "M")).toBe(91);
  });
});

describe("the wrong-code lock", () => {
  it("locks the client that guessed, not the buyer, and a new code lifts it", async () => {
    const p = await product(100, { M: 10 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone: newPhone() } });
    for (let i = 0; i < 4; i++) await rejection(confirmByCode(order.id, "000000", null, new Date(), false, "10.6.6.6"));
    const fifth = await rejection(confirmByCode(order.id, "000000", null, new Date(), false, "10.6.6.6"));
    expect([fifth.status, fifth.message]).toEqual([429, CODE_LOCKED]);
    expect(await confirmationView(order, new Date(), "10.6.6.6")).toMatchObject({ lockedUntil: expect.any(String) });
    expect(await confirmationView(order, new Date(), "10.1.1.1")).toMatchObject({ lockedUntil: null });
    // A new code lifts the lock of the client that guessed too.
    await resendCode(order.id, null, new Date(Date.now() + 61_000), false, "10.1.1.1");
    expect(await confirmationView(order, new Date(), "10.6.6.6")).toMatchObject({ lockedUntil: null });
  });

  it("lets a hold that ends while someone is locked out wait for a call instead of cancelling", async () => {
    const p = await product(100, { M: 10 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone: newPhone() } });
    const late = new Date(Date.now() + 25 * 60_000);
    for (let i = 0; i < 5; i++) await rejection(confirmByCode(order.id, "000000", null, late, false, "10.6.6.7"));
    expect(await expireHold(order.id, new Date(Date.now() + 31 * 60_000))).toBe(false);
    expect(await stockOf(p.id, "M")).toBe(9);
    expect(await confirmationView(order, new Date(Date.now() + 31 * 60_000))).toEqual({ waitsForCall: true });
  });
});

describe("an e-mail's normal form", () => {
  it("is lower case, without a +tag, and without dots at Gmail", () => {
    expect(emailKey("Victim+1@Example.com")).toBe("victim@example.com");
    expect(emailKey("vic.tim+shop@gmail.com")).toBe("victim@gmail.com");
    expect(emailKey("Vic.Tim@googlemail.com")).toBe("victim@gmail.com");
    expect(emailKey("vic.tim@example.com")).toBe("vic.tim@example.com");
  });

  it("keys the per-e-mail order limit: +tags count as one address", async () => {
    await saveSettings(testAdmin, { ...DEFAULT_SETTINGS, ordersPerEmailPerDay: 2, smsPerPhonePerHour: 100 });
    const p = await product(100, { M: 10 });
    const order = (email: string) =>
      placeOrder({ name: "X", email, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone: newPhone() } });
    await order("victim+1@gmail.com");
    await order("vic.tim+2@gmail.com");
    expect((await rejection(order("v.i.c.t.i.m+3@gmail.com"))).status).toBe(429);
  });
});
