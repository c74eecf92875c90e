import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";
import type { CourierStatus, CourierUpdate } from "./types";
import { cashToCollectPaisa } from "~/utils/money";

import { address, product, rejection, stockOf, returningBuyer, user } from "../../../tests/support/order.fixtures";
import { applyCourierUpdate, markReceivedBack } from "./courier-updates.server";
import { cancelOrder, markShipped } from "./order-ops.server";
import { placeOrder } from "./order.server";

// What a courier's word does to an order, and "received back" (issue 36 items 3 and 4, decision 089).

const asViewer = (u: { id: number; isAdmin: boolean }) => ({ id: u.id, isAdmin: u.isAdmin });
let seq = 0;

/** A confirmed cash-on-delivery order of 2 × ৳900, shipped with Steadfast under a consignment id of its own. */
async function shippedOrder() {
  const admin = asViewer(await user(true));
  const buyer = await returningBuyer();
  const p = await product(900, { M: 5 });
  const order = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address });
  const consignmentId = `SF${Date.now()}${++seq}`;
  await markShipped(order.id, { courier: "steadfast", trackingNumber: consignmentId }, admin);
  await prisma.order.update({ where: { id: order.id }, data: { consignmentId, courierStatus: "booked" } });
  return { admin, order, consignmentId, productId: p.id };
}

function said(consignmentId: string, status: CourierStatus, at: Date, extra: Partial<CourierUpdate> = {}): CourierUpdate {
  return {
    courier: "steadfast",
    eventKey: `${consignmentId}:${status}:${at.toISOString()}`,
    consignmentId,
    invoice: null,
    status,
    at,
    message: null,
    messageBn: null,
    codCollectedPaisa: null,
    deliveryChargePaisa: null,
    codFeePaisa: null,
    raw: {},
    ...extra,
  };
}

const row = (id: string) => prisma.order.findUniqueOrThrow({ where: { id } });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("courier updates", () => {
  it("delivered with the full cash: delivered and paid, with the amount collected; a replay changes nothing", async () => {
    const { order, consignmentId } = await shippedOrder();
    expect((await applyCourierUpdate(said(consignmentId, "in_transit", minutesAgo(10)))).result).toBe("applied");
    const cash = cashToCollectPaisa(Math.round(order.totalPrice * 100));
    const delivered = said(consignmentId, "delivered", minutesAgo(5), { codCollectedPaisa: cash, deliveryChargePaisa: 6000 });
    expect((await applyCourierUpdate(delivered)).result).toBe("applied");
    const after = await row(order.id);
    expect(after).toMatchObject({ courierStatus: "delivered", isDelivered: true, isPaid: true, codCollectedPaisa: cash, deliveryChargePaisa: 6000 });
    expect((await applyCourierUpdate(delivered)).result).toBe("duplicate");
    const events = await prisma.orderEvent.findMany({ where: { orderId: order.id, type: { in: ["paid", "delivered"] } } });
    expect(events.map((e) => e.type).sort()).toEqual(["delivered", "paid"]);
    expect(await prisma.courierEvent.count({ where: { orderId: order.id } })).toBe(2);
  });

  it("never moves backwards: a late 'in transit' after 'delivered' is kept in the history only", async () => {
    const { order, consignmentId } = await shippedOrder();
    await applyCourierUpdate(said(consignmentId, "delivered", minutesAgo(5)));
    expect((await applyCourierUpdate(said(consignmentId, "in_transit", minutesAgo(20)))).result).toBe("stale");
    expect((await applyCourierUpdate(said(consignmentId, "returning", minutesAgo(1)))).result).toBe("stale");
    expect(await row(order.id)).toMatchObject({ courierStatus: "delivered", isDelivered: true, returningAt: null });
    // On hold and out for delivery take turns while riders retry: the newer one stands.
    const other = await shippedOrder();
    await applyCourierUpdate(said(other.consignmentId, "out_for_delivery", minutesAgo(9)));
    expect((await applyCourierUpdate(said(other.consignmentId, "on_hold", minutesAgo(8)))).result).toBe("applied");
    expect((await applyCourierUpdate(said(other.consignmentId, "out_for_delivery", minutesAgo(30)))).result).toBe("stale");
    expect((await row(other.order.id)).courierStatus).toBe("on_hold");
  });

  it("delivered with less cash than asked: delivered, not paid, the admin settles the rest", async () => {
    const { order, consignmentId } = await shippedOrder();
    await applyCourierUpdate(said(consignmentId, "delivered", minutesAgo(2), { codCollectedPaisa: 50000 }));
    expect(await row(order.id)).toMatchObject({ isDelivered: true, isPaid: false, codCollectedPaisa: 50000 });
  });

  it("partly delivered records the cash and waits for the admin", async () => {
    const { order, consignmentId } = await shippedOrder();
    await applyCourierUpdate(said(consignmentId, "partly_delivered", minutesAgo(2), { codCollectedPaisa: 90000 }));
    expect(await row(order.id)).toMatchObject({ courierStatus: "partly_delivered", codCollectedPaisa: 90000, isDelivered: false, isPaid: false });
  });

  it("an unknown consignment changes nothing and stores nothing", async () => {
    const update = said("SF-NOBODY-1", "delivered", new Date());
    expect(await applyCourierUpdate(update)).toEqual({ result: "unknown", orderId: null });
    expect(await prisma.courierEvent.count({ where: { eventKey: update.eventKey } })).toBe(0);
  });

  it("refused → returning → received back: stock comes back once, under two concurrent calls", async () => {
    const { admin, order, consignmentId, productId } = await shippedOrder();
    expect(await stockOf(productId, "M")).toBe(3);
    await applyCourierUpdate(said(consignmentId, "returning", minutesAgo(3), { message: "Customer refused" }));
    expect(await row(order.id)).toMatchObject({ courierStatus: "returning", returnReason: "Customer refused", cancelledAt: null });
    expect(await stockOf(productId, "M")).toBe(3);
    const both = await Promise.all([markReceivedBack(order.id, admin), markReceivedBack(order.id, admin)]);
    expect(both.map((o) => o.returnedAt !== null)).toEqual([true, true]);
    expect(await stockOf(productId, "M")).toBe(5);
    expect(await row(order.id)).toMatchObject({ courierStatus: "returned", cancelReason: "refused" });
    expect(await prisma.orderEvent.count({ where: { orderId: order.id, type: "returned" } })).toBe(1);
    // A later courier word cannot reopen it.
    expect((await applyCourierUpdate(said(consignmentId, "delivered", new Date()))).result).toBe("stale");
  });

  it("cancelling a shipped order as refused restocks nothing until it is received back; not shipped restocks at once", async () => {
    const { admin, order, productId } = await shippedOrder();
    await cancelOrder(order.id, "refused", admin);
    expect(await stockOf(productId, "M")).toBe(3);
    expect((await row(order.id)).returningAt).not.toBeNull();
    await markReceivedBack(order.id, admin);
    expect(await stockOf(productId, "M")).toBe(5);

    const p = await product(500, { L: 2 });
    const buyer = await returningBuyer();
    const unshipped = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "L", qty: 1 }], shippingAddress: address });
    await cancelOrder(unshipped.id, "out-of-stock", admin);
    expect(await stockOf(p.id, "L")).toBe(2);
    expect((await rejection(markReceivedBack(unshipped.id, admin))).status).toBe(409);
  });

  it("received back is the admin's, and only for a parcel on its way back", async () => {
    const { order } = await shippedOrder();
    const shopper = asViewer(await user());
    expect((await rejection(markReceivedBack(order.id, null))).status).toBe(401);
    expect((await rejection(markReceivedBack(order.id, shopper))).status).toBe(403);
    const admin = asViewer(await user(true));
    expect((await rejection(markReceivedBack(order.id, admin))).message).toBe("Only a parcel on its way back to the shop can be received back");
  });
});
