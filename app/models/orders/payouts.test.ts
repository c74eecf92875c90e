import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";
import { ServiceError } from "~/models/platform/index.server";
import { parsePayoutLines, payoutSchema } from "~/schemas/payout";
import { formatOrderNumber } from "~/utils/order-number";

import { address, product, rejection, returningBuyer, user } from "../../../tests/support/order.fixtures";
import { applyCourierUpdate } from "./courier-updates.server";
import { markShipped } from "./order-ops.server";
import { placeOrder } from "./order.server";
import { cashByCourier, orderCashState, outstandingOrders } from "./payout-cash.server";
import { getPayout, listPayouts, recordPayout, recordPayoutNotice } from "./payouts.server";

// Courier payouts (issue 36 item 5, decision 095): the money adds up in paisa, an order is paid out
// once, and a payout imported twice at the same moment is recorded once.

let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

/** A cash-on-delivery order of ৳1,234.56 (2 × ৳617.28) shipped with `courier`, delivered with `collected` paisa and charges. */
async function deliveredOrder(courier: "steadfast" | "pathao", collected = 123_456, charge = 6_000, fee = 1_235) {
  const admin = await user(true);
  const p = await product(617.28, { M: 5 });
  const order = await placeOrder({ userId: (await returningBuyer()).id, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address });
  const consignmentId = `${courier.slice(0, 2).toUpperCase()}${tag()}`;
  await markShipped(order.id, { courier, trackingNumber: consignmentId }, { id: admin.id, isAdmin: true });
  await prisma.order.update({ where: { id: order.id }, data: { consignmentId, courierStatus: "booked", codToCollectPaisa: 123_500, codFeePaisa: fee } });
  await applyCourierUpdate({
    courier,
    eventKey: `${consignmentId}:delivered`,
    consignmentId,
    invoice: null,
    status: "delivered",
    at: new Date(),
    message: null,
    messageBn: null,
    codCollectedPaisa: collected,
    deliveryChargePaisa: charge,
    codFeePaisa: null,
    raw: {},
  });
  return { order, consignmentId, admin: { id: admin.id, isAdmin: true } };
}

const input = (fields: Record<string, unknown>) => payoutSchema.parse({ courier: "steadfast", paidAt: "2026-11-27", amount: 0, ...fields });

describe("courier payouts", () => {
  it("reads a courier's payout CSV: header skipped, order numbers, consignment ids, Bangla digits, taka paid", () => {
    expect(parsePayoutLines('Invoice,Amount\nTB-10001,1150.50\n\n 1234567 ; "৳1,070"\nTB-১০০০২\n')).toEqual([
      { ref: "TB-10001", paidPaisa: 115_050 },
      { ref: "1234567", paidPaisa: 107_000 },
      { ref: "TB-10002", paidPaisa: null },
    ]);
    expect(parsePayoutLines("TB-10001,lots")).toBeNull();
    expect(
      payoutSchema.safeParse({ courier: "steadfast", reference: "P1", amount: "-1", paidAt: "2026-02-30", orders: "" }).error?.flatten().fieldErrors,
    ).toEqual({
      amount: [expect.stringContaining("0 or more taka")],
      paidAt: [expect.stringContaining("2026-12-01")],
      orders: [expect.stringContaining("List the orders")],
    });
  });

  it("adds up in paisa: collected − charges per order, the payout's difference, cash moving from the courier to the shop", async () => {
    const a = await deliveredOrder("steadfast", 123_456, 6_000, 1_235);
    const b = await deliveredOrder("steadfast", 99_999, 6_001, 0);
    const mine = async () => (await outstandingOrders({ courier: "steadfast", limit: 100_000 })).filter((o) => [a.order.id, b.order.id].includes(o.id));
    expect(await mine()).toEqual([
      expect.objectContaining({ id: a.order.id, collected: 1234.56, charges: 72.35, owed: 1162.21 }),
      expect.objectContaining({ id: b.order.id, collected: 999.99, charges: 60.01, owed: 939.98 }),
    ]);
    expect(await orderCashState(a.order.id)).toEqual({ state: "collected", payout: null });
    const before = (await cashByCourier()).find((c) => c.courier === "steadfast")!;

    const reference = `SF-PAY-${tag()}`;
    // The courier paid ৳2,100.00 against ৳2,102.19 owed: ৳2.19 short, shown, not hidden.
    const id = await recordPayout(input({ reference, amount: "2100", orders: `invoice,amount\n${a.order.orderNumber},1162.21\n${b.consignmentId}` }), a.admin);
    const payout = await getPayout(id);
    expect(payout).toMatchObject({ reference, orders: 2, amount: 2100, collected: 2234.55, charges: 132.36, expected: 2102.19, difference: -2.19 });
    expect(payout.items).toEqual([
      expect.objectContaining({ orderNumber: a.order.orderNumber, expected: 1162.21, paid: 1162.21, difference: 0 }),
      expect.objectContaining({ orderNumber: b.order.orderNumber, expected: 939.98, paid: null, difference: null }),
    ]);
    expect(await mine()).toEqual([]);
    expect(await orderCashState(b.order.id)).toEqual({ state: "paid-out", payout: { id, reference } });
    const after = (await cashByCourier()).find((c) => c.courier === "steadfast")!;
    // Other tests may add steadfast orders meanwhile; these two moved out of "outstanding" into a payout at most.
    expect(after.paidOut.amount - before.paidOut.amount).toBeGreaterThanOrEqual(2100);
    expect((await listPayouts({ courier: "steadfast" })).find((p) => p.id === id)?.difference).toBe(-2.19);
  });

  it("pays each order out once: a second payout naming it is refused and records nothing", async () => {
    const a = await deliveredOrder("steadfast");
    await recordPayout(input({ reference: `R1-${tag()}`, amount: 1162.21, orders: a.order.orderNumber }), a.admin);
    const again = `R2-${tag()}`;
    const error = await rejection(recordPayout(input({ reference: again, amount: 1162.21, orders: a.consignmentId }), a.admin));
    expect(error.status).toBe(409);
    expect(error.message).toContain(`Already paid out: ${a.order.orderNumber}`);
    expect(await prisma.courierPayout.count({ where: { reference: again } })).toBe(0);
  });

  it("refuses a payout naming another courier's, an undelivered or an unknown order, all or nothing", async () => {
    const a = await deliveredOrder("steadfast");
    const p = await deliveredOrder("pathao");
    const reference = `BAD-${tag()}`;
    const error = await rejection(recordPayout(input({ reference, amount: 1, orders: `${a.order.orderNumber}\n${p.order.orderNumber}\nTB-999999` }), a.admin));
    expect(error.status).toBe(400);
    expect(error.message).toBe(`Not orders sent with this courier: ${p.order.orderNumber}, TB-999999`);
    await prisma.order.update({ where: { id: a.order.id }, data: { isDelivered: false, courierStatus: "in_transit" } });
    expect((await rejection(recordPayout(input({ reference, amount: 1, orders: a.order.orderNumber }), a.admin))).message).toContain("No cash collected yet");
    expect(await prisma.courierPayout.count({ where: { reference } })).toBe(0);
  });

  it("the same payout imported twice at the same moment is recorded once; the other import is a 409", async () => {
    const a = await deliveredOrder("steadfast");
    const b = await deliveredOrder("steadfast");
    const reference = `DOUBLE-${tag()}`;
    const one = () => recordPayout(input({ reference, amount: 2324.42, orders: `${a.order.orderNumber}\n${b.order.orderNumber}` }), a.admin);
    const results = await Promise.allSettled([one(), one(), one()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toBeInstanceOf(ServiceError);
      expect((r.reason as ServiceError).status).toBe(409);
    }
    expect(await prisma.courierPayoutItem.count({ where: { orderId: { in: [a.order.id, b.order.id] } } })).toBe(2);
    // Two different payouts racing for the same order: one gets it.
    const c = await deliveredOrder("steadfast");
    const race = await Promise.allSettled(
      [1, 2].map((n) => recordPayout(input({ reference: `RACE${n}-${tag()}`, amount: 1, orders: c.order.orderNumber }), a.admin)),
    );
    expect(race.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await prisma.courierPayoutItem.count({ where: { orderId: c.order.id } })).toBe(1);
  });

  it("Pathao's order.paid, replayed and concurrent: each order joins its payout once, the amount is what they are owed", async () => {
    const a = await deliveredOrder("pathao", 150_000, 7_000, 0);
    const b = await deliveredOrder("pathao", 50_000, 7_000, 0);
    const reference = `PINV-${tag()}`;
    const notice = (o: typeof a) => ({ courier: "pathao", reference, consignmentId: o.consignmentId, invoice: null, at: new Date() });
    const results = await Promise.all([notice(a), notice(a), notice(b), notice(b)].map(recordPayoutNotice));
    expect(results.sort()).toEqual(["applied", "applied", "duplicate", "duplicate"]);
    expect(await recordPayoutNotice(notice(a))).toBe("duplicate");
    const [payout] = await listPayouts({ courier: "pathao" }).then((all) => all.filter((p) => p.reference === reference));
    expect(payout).toMatchObject({ orders: 2, amount: 1860, expected: 1860, difference: 0, source: "webhook" });
    expect(await recordPayoutNotice({ ...notice(a), consignmentId: "NOPE", invoice: formatOrderNumber(1) })).toBe("unknown");
  });
});
