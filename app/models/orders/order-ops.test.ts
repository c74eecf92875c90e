import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { address, guest, product, rejection, stockOf, user } from "../../../tests/support/order.fixtures";
import { cancelOrder, getOrderTimeline } from "./order-ops.server";
import { markDelivered, markPaid, placeOrder } from "./order.server";

const asActor = (u: { id: number; isAdmin: boolean }) => ({ id: u.id, isAdmin: u.isAdmin });

describe("cancelling orders", () => {
  it("restocks once when ten admins cancel the same order at the same time", async () => {
    const p = await product(100, { M: 5, L: 4 });
    const admin = asActor(await user(true));
    const order = await placeOrder({
      ...guest,
      lines: [
        { productId: p.id, size: "M", qty: 2 },
        { productId: p.id, size: "L", qty: 3 },
      ],
      shippingAddress: address,
    });
    expect([await stockOf(p.id, "M"), await stockOf(p.id, "L")]).toEqual([3, 1]);

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => cancelOrder(order.id, "refused", admin)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409, message: "This order is already cancelled" });
    expect([await stockOf(p.id, "M"), await stockOf(p.id, "L")]).toEqual([5, 4]);
    expect(await prisma.orderEvent.count({ where: { orderId: order.id, type: "cancelled" } })).toBe(1);
  });

  it("refuses to pay, deliver or cancel again a cancelled order, and records who did what", async () => {
    const p = await product(100, { M: 5 });
    const admin = await user(true);
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await markPaid(order.id, { id: admin.id, isAdmin: true });
    const cancelled = await cancelOrder(order.id, "out-of-stock", asActor(admin));
    expect(cancelled).toMatchObject({ cancelReason: "out-of-stock", isPaid: true });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await stockOf(p.id, "M")).toBe(5);

    expect((await rejection(markDelivered(order.id, { id: admin.id, isAdmin: true }))).status).toBe(409);
    expect((await rejection(markPaid(order.id, { id: admin.id, isAdmin: true }))).status).toBe(409);
    expect((await rejection(cancelOrder(order.id, "other", asActor(admin)))).message).toBe("This order is already cancelled");
    expect(await stockOf(p.id, "M")).toBe(5);
    const after = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after.isDelivered).toBe(false);

    const timeline = await getOrderTimeline(cancelled, { withActors: true });
    expect(timeline.map((e) => [e.type, e.actor, e.reason])).toEqual([
      ["placed", "Guest Buyer (guest)", null],
      ["paid", admin.name, null],
      ["cancelled", admin.name, "Out of stock"],
    ]);
    expect((await getOrderTimeline(cancelled, { withActors: false })).every((e) => e.actor === null)).toBe(true);
  });

  it("lets a shopper cancel only their own unpaid, undelivered order; a delivered order stays", async () => {
    const p = await product(100, { M: 10 });
    const [owner, other, admin] = [await user(), await user(), await user(true)];
    const line = [{ productId: p.id, size: "M", qty: 2 }];
    const mine = await placeOrder({ userId: owner.id, lines: line, shippingAddress: address });
    expect((await rejection(cancelOrder(mine.id, undefined, asActor(other)))).status).toBe(404);
    expect((await rejection(cancelOrder(mine.id, undefined, null))).status).toBe(404);
    // A shopper's reason is always "customer asked", whatever they send.
    await expect(cancelOrder(mine.id, "refused", asActor(owner))).resolves.toMatchObject({ cancelReason: "customer-asked" });

    const paid = await placeOrder({ userId: owner.id, lines: line, shippingAddress: address });
    await markPaid(paid.id, { id: admin.id, isAdmin: true });
    expect((await rejection(cancelOrder(paid.id, undefined, asActor(owner)))).status).toBe(409);

    const delivered = await placeOrder({ ...guest, lines: line, shippingAddress: address });
    await markDelivered(delivered.id, { id: admin.id, isAdmin: true });
    expect((await rejection(cancelOrder(delivered.id, undefined, null, { email: guest.email }))).message).toBe("A delivered order cannot be cancelled");
    expect((await rejection(cancelOrder(delivered.id, "refused", asActor(admin)))).status).toBe(409);
    expect((await rejection(cancelOrder(delivered.id, undefined, asActor(admin)))).status).toBe(400);

    // A guest cancels through the link plus the checkout e-mail (no account), and the stock comes back.
    const guestOrder = await placeOrder({ ...guest, lines: line, shippingAddress: address });
    await cancelOrder(guestOrder.id, undefined, null, { email: guest.email });
    // 10 - 2 (mine, restocked) - 2 (paid) - 2 (delivered) - 2 (guest, restocked)
    expect(await stockOf(p.id, "M")).toBe(6);
  });

  it("skips lines whose product was deleted since", async () => {
    const p = await product(100, { M: 3 });
    const q = await product(50, { S: 3 });
    const order = await placeOrder({
      ...guest,
      lines: [
        { productId: p.id, size: "M", qty: 1 },
        { productId: q.id, size: "S", qty: 1 },
      ],
      shippingAddress: address,
    });
    await prisma.product.delete({ where: { id: q.id } });
    await expect(cancelOrder(order.id, undefined, null, { phone: address.phone })).resolves.toMatchObject({ cancelReason: "customer-asked" });
    expect(await stockOf(p.id, "M")).toBe(3);
  });
});
