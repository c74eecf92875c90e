import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";
import { getSettings, saveSettings } from "~/models/platform/index.server";

import { bodyFingerprint, INVALID_KEY, KEY_REUSED, orderIdForKey, parseIdempotencyKey, placeOrderOnce } from "./idempotency.server";
import { address, guest, product, rejection, stockOf, user } from "../../../tests/support/order.fixtures";
import { testAdmin } from "../../../tests/support/actors";

const key = () => `retry-${Math.random().toString(36).slice(2)}`;

describe("placeOrderOnce", () => {
  it("a retry with the same key returns the stored order instead of placing another", async () => {
    const p = await product(10, { M: 5 });
    const input = { ...guest, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address };
    const k = key();
    const first = await placeOrderOnce(input, k);
    const again = await placeOrderOnce(input, k);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ order: first.order, replayed: true });
    expect(await stockOf(p.id, "M")).toBe(3);
    expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(1);
  });

  it("twelve racing retries of one key place exactly one order", async () => {
    const p = await product(10, { M: 20 });
    const input = { ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address };
    const k = key();
    const results = await Promise.all(Array.from({ length: 12 }, () => placeOrderOnce(input, k)));
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(await stockOf(p.id, "M")).toBe(19);
    expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(1);
  });

  it("the same key from another buyer is another order; without a key every call places one", async () => {
    const p = await product(10, { M: 10 });
    const lines = [{ productId: p.id, size: "M", qty: 1 }];
    const k = key();
    const [a, b] = [await user(), await user()];
    const mine = await placeOrderOnce({ userId: a.id, lines, shippingAddress: address }, k);
    const theirs = await placeOrderOnce({ userId: b.id, lines, shippingAddress: address }, k);
    const guestOne = await placeOrderOnce({ ...guest, lines, shippingAddress: address }, k);
    const guestTwo = await placeOrderOnce({ ...guest, email: "other.guest@example.com", lines, shippingAddress: address }, k);
    expect(new Set([mine, theirs, guestOne, guestTwo].map((r) => r.order.id)).size).toBe(4);
    await placeOrderOnce({ ...guest, lines, shippingAddress: address }, undefined);
    await placeOrderOnce({ ...guest, lines, shippingAddress: address }, undefined);
    expect(await stockOf(p.id, "M")).toBe(4);
  });

  it("order ids from keys are UUIDs nobody can derive without the server's secret", () => {
    const id = orderIdForKey("1", { email: "a@example.com" });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(orderIdForKey("1", { email: " A@example.com " })).toBe(id);
    expect(orderIdForKey("2", { email: "a@example.com" })).not.toBe(id);
  });

  it("a malformed key is a 400", async () => {
    expect(parseIdempotencyKey(null)).toBeUndefined();
    expect(parseIdempotencyKey("a-Key_1:2")).toBe("a-Key_1:2");
    for (const bad of ["", "has space", "x".repeat(201), "naïve"]) {
      const error = await rejection(Promise.resolve().then(() => parseIdempotencyKey(bad)));
      expect(error).toMatchObject({ status: 400, message: INVALID_KEY });
    }
  });
});

describe("a replayed key with another body (issue 27 item 9)", () => {
  it("is a 422 and never reveals the stored order, even with the victim's e-mail", async () => {
    const p = await product(10, { M: 5 });
    const k = key();
    const victim = { ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address };
    const placed = await placeOrderOnce(victim, k);
    const attacker = { ...victim, shippingAddress: { ...address, phone: "01999999999" }, lines: [{ productId: p.id, size: "M", qty: 2 }] };
    const error = await rejection(placeOrderOnce(attacker, k));
    expect(error).toMatchObject({ status: 422, message: KEY_REUSED });
    expect(JSON.stringify(error)).not.toContain(placed.order.id);
    // The victim's own retry still gets their order back.
    await expect(placeOrderOnce(victim, k)).resolves.toEqual({ order: placed.order, replayed: true });
    expect(bodyFingerprint(victim)).toBe(bodyFingerprint({ ...victim, email: ` ${victim.email!.toUpperCase()} ` }));
  });

  it("an order placed before keys were bound to bodies is not handed out either", async () => {
    const p = await product(10, { M: 5 });
    const k = key();
    const input = { ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address };
    const placed = await placeOrderOnce(input, k);
    await prisma.idempotencyKey.delete({ where: { orderId: placed.order.id } });
    await expect(rejection(placeOrderOnce({ ...input, lines: [{ productId: p.id, size: "M", qty: 3 }] }, k))).resolves.toMatchObject({ status: 422 });
  });
});

describe("a key is bound only when its order commits (issue 40)", () => {
  it("a failed order (sold out, over a limit, bad input) leaves the key free for the buyer's real order", async () => {
    const p = await product(10, { M: 5, L: 0 });
    const k = key();
    const victim = { ...guest, email: `victim-${k}@example.com`, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address };
    // Someone who knows the victim's e-mail and key sends doomed orders with it first.
    const soldOut = await rejection(placeOrderOnce({ ...victim, lines: [{ productId: p.id, size: "L", qty: 1 }] }, k));
    expect(soldOut.status).toBe(409);
    const badInput = await rejection(placeOrderOnce({ ...victim, lines: [{ productId: p.id, size: "M", qty: 0 }] }, k));
    expect(badInput.status).toBe(400);
    const settings = await getSettings();
    await saveSettings(testAdmin, { ...settings, ordersPerIpPerHour: 1 });
    try {
      const ip = `10.40.0.${Math.floor(Math.random() * 250)}`;
      // Another order from that IP uses up its hour; the keyed one after it is refused.
      await placeOrderOnce({ ...victim, email: `other-${k}@example.com`, ip }, undefined);
      const overLimit = await rejection(placeOrderOnce({ ...victim, ip, shippingAddress: { ...address, city: "Sylhet" } }, k));
      expect(overLimit.status).toBe(429);
    } finally {
      await saveSettings(testAdmin, settings);
    }
    expect(await prisma.idempotencyKey.count({ where: { orderId: orderIdForKey(k, victim) } })).toBe(0);

    // The victim's order with that key is placed, and from then on the key is theirs.
    const placed = await placeOrderOnce(victim, k);
    expect(placed.replayed).toBe(false);
    expect(await stockOf(p.id, "M")).toBe(5 - 2);
    await expect(placeOrderOnce(victim, k)).resolves.toEqual({ order: placed.order, replayed: true });
    await expect(rejection(placeOrderOnce({ ...victim, lines: [{ productId: p.id, size: "M", qty: 2 }] }, k))).resolves.toMatchObject({
      status: 422,
      message: KEY_REUSED,
    });
  });

  it("a binding left by a failed order before this fix does not hold the key", async () => {
    const p = await product(10, { M: 5 });
    const k = key();
    const input = { ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address };
    await prisma.idempotencyKey.create({ data: { orderId: orderIdForKey(k, input), fingerprint: "left by a failed order" } });
    const placed = await placeOrderOnce(input, k);
    expect(placed.replayed).toBe(false);
    await expect(placeOrderOnce(input, k)).resolves.toEqual({ order: placed.order, replayed: true });
  });

  it("racing requests with one key and different bodies: one order, the other body is a 422", async () => {
    const p = await product(10, { M: 20 });
    const k = key();
    const bodies = Array.from({ length: 6 }, (_, i) => ({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 + (i % 2) }], shippingAddress: address }));
    const results = await Promise.allSettled(bodies.map((b) => placeOrderOnce(b, k)));
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.order] : []));
    expect(new Set(placed.map((o) => o.id)).size).toBe(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 422 });
    expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(1);
  });
});
