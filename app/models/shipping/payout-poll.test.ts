import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { NO_CALL_RULE } from "../../../tests/support/settings";
import { DEFAULT_SETTINGS, prisma, registeredJobs, saveSettings } from "~/models/platform/index.server";
import { applyCourierUpdate, placeOrder } from "~/models/orders/index.server";

import { startCourierFake } from "../../../scripts/courier-fake/server.mjs";
import { address, product, returningBuyer, user } from "../../../tests/support/order.fixtures";
import { testAdmin } from "../../../tests/support/actors";
import { bookOrder, PAYOUT_POLL_TASK, payoutCouriers, pollPayouts, registerShippingJobs } from "./index.server";

// Steadfast's payouts read by the shop (issue 36 item 5, decision 106), against PostgreSQL and the fake
// courier over real HTTP: a payment is recorded once, whatever the number of polls or instances; a
// consignment the shop does not know is named, not fatal; an outage changes nothing and is retried.

type Fake = Awaited<ReturnType<typeof startCourierFake>>;
let fake: Fake;

const control = async (path: string, body: unknown = {}) =>
  (
    await fetch(`${fake.url}/_control/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
  ).json() as Promise<{
    payment?: { id: number; amount: number };
  }>;

beforeAll(async () => {
  fake = await startCourierFake(0);
  Object.assign(process.env, { STEADFAST_URL: `${fake.url}/steadfast`, STEADFAST_API_KEY: "sf-key", STEADFAST_SECRET_KEY: "sf-secret" });
  const big = { ordersPerPhonePerDay: 1000, ordersPerEmailPerDay: 1000, ordersPerAccountPerDay: 1000, ordersPerIpPerHour: 1000 };
  await saveSettings(testAdmin, { ...DEFAULT_SETTINGS, ...NO_CALL_RULE, ...big, couriersOn: ["steadfast"], defaultCourier: "steadfast" });
});
afterAll(() => fake.close());
beforeEach(() => control("reset"));

/** A confirmed order booked with Steadfast at the fake, then delivered: by its webhook (with amounts) or a status poll (none). */
async function deliveredParcel({ amounts }: { amounts: boolean }) {
  const admin = await user(true);
  const p = await product(850, { M: 5 });
  const order = await placeOrder({ userId: (await returningBuyer()).id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
  const booked = await bookOrder(order.id, "steadfast", { id: admin.id, isAdmin: true });
  const consignmentId = booked.consignmentId!;
  const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
  const none = { message: null, messageBn: null, codFeePaisa: null, raw: {} };
  await applyCourierUpdate({
    courier: "steadfast",
    eventKey: `test:${consignmentId}:delivered`,
    consignmentId,
    invoice: null,
    status: "delivered",
    at: new Date(),
    codCollectedPaisa: amounts ? row.codToCollectPaisa : null,
    deliveryChargePaisa: amounts ? 6_000 : null,
    ...none,
  });
  return { id: order.id, consignmentId, codPaisa: row.codToCollectPaisa! };
}

const itemsOf = (ids: string[]) => prisma.courierPayoutItem.findMany({ where: { orderId: { in: ids } }, include: { payout: true }, orderBy: { id: "asc" } });

describe("Steadfast's payouts, read by the shop", () => {
  it("a payment of 3 consignments pays 3 orders out once, though polled twice and by two instances at once", async () => {
    const parcels = [await deliveredParcel({ amounts: true }), await deliveredParcel({ amounts: true }), await deliveredParcel({ amounts: false })];
    const { payment } = await control("payment", { consignments: parcels.map((p) => ({ consignmentId: p.consignmentId, deliveryCharge: 60 })) });
    const reference = String(payment!.id);

    const [a, b] = await Promise.all([pollPayouts(), pollPayouts()]);
    expect(a.down.concat(b.down)).toEqual([]);
    expect([...a.recorded, ...b.recorded]).toEqual([{ courier: "steadfast", reference, payoutId: expect.any(Number), orders: 3 }]);
    const again = await pollPayouts();
    expect(again).toMatchObject({ recorded: [], known: 1, leftOut: [], down: [] });

    const items = await itemsOf(parcels.map((p) => p.id));
    expect(items).toHaveLength(3);
    expect(new Set(items.map((i) => i.payout.reference))).toEqual(new Set([reference]));
    expect(await prisma.courierPayout.count({ where: { courier: "steadfast", reference } })).toBe(1);
    const payout = items[0]!.payout;
    // The amount is what Steadfast says it paid; each order's cash and Steadfast's ৳60 charge, in paisa.
    expect(payout).toMatchObject({ amountPaisa: Math.round(payment!.amount * 100), source: "courier", note: "Read from Steadfast's payments." });
    for (const p of parcels) {
      expect(items.find((i) => i.orderId === p.id)).toMatchObject({
        collectedPaisa: p.codPaisa,
        chargePaisa: 6_000,
        expectedPaisa: p.codPaisa - 6_000,
        paidPaisa: p.codPaisa - 6_000,
      });
    }
    // The parcel delivered by a status poll (no amounts) took Steadfast's figures, so its page and the payout agree.
    expect(await prisma.order.findUniqueOrThrow({ where: { id: parcels[2]!.id } })).toMatchObject({
      codCollectedPaisa: parcels[2]!.codPaisa,
      deliveryChargePaisa: 6_000,
    });
  });

  it("a consignment the shop does not know is named in the result and the payout's note; the rest is recorded", async () => {
    const known = await deliveredParcel({ amounts: true });
    const onTheRoad = await bookOrder(
      (
        await placeOrder({
          userId: (await returningBuyer()).id,
          lines: [{ productId: (await product(500, { M: 2 })).id, size: "M", qty: 1 }],
          shippingAddress: address,
        })
      ).id,
      "steadfast",
      { id: (await user(true)).id, isAdmin: true },
    );
    const stranger = { consignmentId: "987654321", invoice: "OTHER-SHOP-1", trackingCode: "SFZZZ", codAmount: 1200, deliveryCharge: 60 };
    const { payment } = await control("payment", {
      consignments: [{ consignmentId: known.consignmentId }, stranger, { consignmentId: onTheRoad.consignmentId }],
    });
    const alone = await control("payment", { consignments: [stranger] });

    const result = await pollPayouts();
    expect(result.down).toEqual([]);
    expect(result.recorded).toEqual([{ courier: "steadfast", reference: String(payment!.id), payoutId: expect.any(Number), orders: 1 }]);
    expect(result.leftOut).toEqual(
      expect.arrayContaining([
        { courier: "steadfast", reference: String(payment!.id), consignmentId: "987654321", why: "unknown" },
        { courier: "steadfast", reference: String(payment!.id), consignmentId: onTheRoad.consignmentId, why: "not delivered" },
        { courier: "steadfast", reference: String(alone.payment!.id), consignmentId: "987654321", why: "unknown" },
      ]),
    );
    const payout = await prisma.courierPayout.findFirstOrThrow({ where: { courier: "steadfast", reference: String(payment!.id) }, include: { items: true } });
    expect(payout.items.map((i) => i.orderId)).toEqual([known.id]);
    expect(payout.note).toContain("987654321 (unknown)");
    // A payment with nothing the shop can pay out records nothing (no payout of unknown money).
    expect(await prisma.courierPayout.count({ where: { courier: "steadfast", reference: String(alone.payment!.id) } })).toBe(0);
  });

  it("Steadfast down: nothing recorded, no throw, the job fails so the queue retries; back up, the payment is recorded", async () => {
    const parcel = await deliveredParcel({ amounts: true });
    const { payment } = await control("payment", { consignments: [{ consignmentId: parcel.consignmentId }] });
    await control("down", { down: true });
    const down = await pollPayouts();
    expect(down).toMatchObject({ recorded: [], down: [{ courier: "steadfast", message: expect.stringMatching(/Steadfast cannot be reached/) }] });
    registerShippingJobs();
    const job = registeredJobs().find((j) => j.task === PAYOUT_POLL_TASK)!;
    await expect(job.run({}, { attempts: 1, maxAttempts: 25, addJob: async () => {} })).rejects.toThrow(/steadfast could not be read/);
    expect(await itemsOf([parcel.id])).toEqual([]);

    await control("down", { down: false });
    await job.run({}, { attempts: 2, maxAttempts: 25, addJob: async () => {} });
    expect((await itemsOf([parcel.id])).map((i) => i.payout.reference)).toEqual([String(payment!.id)]);
  });

  it("with no courier's keys set, nothing is asked and the scheduled check is off", async () => {
    const key = process.env.STEADFAST_API_KEY;
    delete process.env.STEADFAST_API_KEY;
    try {
      expect(payoutCouriers()).toEqual([]);
      expect(await pollPayouts()).toEqual({ couriers: [], recorded: [], known: 0, leftOut: [], down: [] });
      registerShippingJobs();
      expect(registeredJobs().find((j) => j.task === PAYOUT_POLL_TASK)!.schedule!()).toBeNull();
    } finally {
      process.env.STEADFAST_API_KEY = key;
    }
  });
});
