import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { linkDomains } from "~/domain-links.server";
import { blockEmail, buyerRecord, registerPhoneRecordSource, setPhone, settleCourierQuestions } from "~/models/customers/index.server";
import { DEFAULT_SETTINGS, prisma, saveSettings } from "~/models/platform/index.server";

import { startCourierFake } from "../../../scripts/courier-fake/server.mjs";
import { testAdmin } from "../../../tests/support/actors";
import { address, guest, product, rejection, user } from "../../../tests/support/order.fixtures";
import { confirmByCall } from "./cod-confirm.server";
import { expireHold } from "./cod-hold.server";
import { cancelOrder, markStep } from "./order-ops.server";
import { placeOrder } from "./order.server";

// The phone record and the rules that use it (issue 37 items 1-2, decision 092), against a real
// PostgreSQL and a real HTTP courier (scripts/courier-fake).

type Fake = Awaited<ReturnType<typeof startCourierFake>>;
let fake: Fake;
const control = (path: string, body: unknown) => fetch(`${fake.url}/_control/${path}`, { method: "POST", body: JSON.stringify(body) });
const fraudChecks = async () =>
  ((await (await fetch(`${fake.url}/_control/requests`)).json()) as { requests: { path: string }[] }).requests.filter((r) => r.path.startsWith("/fraud_check/"))
    .length;

const loose = { ordersPerPhonePerDay: 1000, ordersPerEmailPerDay: 1000, ordersPerAccountPerDay: 1000, ordersPerIpPerHour: 1000 };
const rules = { ...DEFAULT_SETTINGS, ...loose, riskyMinFailures: 1, riskyBelowPercent: 70, callNewAboveTaka: 5000 };

beforeAll(async () => {
  fake = await startCourierFake(0);
  Object.assign(process.env, { STEADFAST_URL: `${fake.url}/steadfast`, STEADFAST_API_KEY: "sf-key", STEADFAST_SECRET_KEY: "sf-secret" });
  // As the server build does when it loads: customers ask the couriers through the source shipping lends.
  linkDomains();
});
afterAll(async () => {
  await settleCourierQuestions();
  await fake.close();
});
beforeEach(async () => {
  await control("reset", {});
  await saveSettings(testAdmin, rules);
});

let n = 0;
const phoneOf = () => `0171${String(5_000_000 + ++n).padStart(7, "0")}`;
async function order(phone: string, taka = 100, email = guest.email) {
  const p = await product(taka, { M: 10 });
  return placeOrder({ ...guest, email, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone } });
}

describe("the phone's record", () => {
  it("counts each outcome once, however often it is recorded", async () => {
    const phone = phoneOf();
    const admin = await user(true);
    const delivered = await order(phone);
    await confirmByCall(delivered.id, admin);
    await markStep(delivered.id, "delivered", admin);
    await markStep(delivered.id, "delivered", admin);
    const refused = await order(phone);
    await confirmByCall(refused.id, admin);
    await cancelOrder(refused.id, "refused", admin);
    const asked = await order(phone);
    await cancelOrder(asked.id, "customer-asked", admin);
    const lapsed = await order(phone);
    await expireHold(lapsed.id, new Date(Date.now() + 3_600_000));
    await expireHold(lapsed.id, new Date(Date.now() + 7_200_000));
    await order(phone);
    // The phone in another form is the same phone.
    const record = await buyerRecord(`+880 ${phone.slice(1, 5)}-${phone.slice(5)}`);
    expect(record).toMatchObject({ phone, placed: 5, confirmed: 2, delivered: 1, returned: 1, cancelled: 1, notConfirmed: 1, successRate: 33 });
    expect(record.badge).toBe("risky");
  });

  it("is new for a phone never seen, good once delivered", async () => {
    const phone = phoneOf();
    expect(await buyerRecord(phone)).toMatchObject({ badge: "new", placed: 0, successRate: null, courier: null });
    const admin = await user(true);
    const o = await order(phone);
    await confirmByCall(o.id, admin);
    await markStep(o.id, "delivered", admin);
    expect(await buyerRecord(phone)).toMatchObject({ badge: "good", delivered: 1, successRate: 100 });
  });
});

describe("rules that use it", () => {
  it("a risky phone's order sends no code and waits for a call, which confirms it", async () => {
    const phone = phoneOf();
    const admin = await user(true);
    const first = await order(phone);
    await cancelOrder(first.id, "refused", admin);
    const risky = await order(phone);
    expect(risky.isConfirmed).toBe(false);
    const row = await prisma.order.findUniqueOrThrow({ where: { id: risky.id }, select: { callReason: true, confirmCode: { select: { sends: true } } } });
    // A hold ends it if nobody calls (so a flood of them cannot keep the stock), but no code goes out.
    expect(row.callReason).toBe("risky");
    expect(row.confirmCode).not.toBeNull();
    expect(await prisma.mailOutbox.count({ where: { channel: "sms", key: { startsWith: `order-code:${risky.id}` } } })).toBe(0);
    expect(await confirmByCall(risky.id, admin)).toMatchObject({ isConfirmed: true, confirmMethod: "call" });
  });

  it("a new phone waits for a call above the admin's amount, not below it", async () => {
    expect((await order(phoneOf(), 4000)).isConfirmed).toBe(false);
    const small = await order(phoneOf(), 4000);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: small.id }, select: { callReason: true } })).toEqual({ callReason: null });
    const large = await order(phoneOf(), 6000);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: large.id }, select: { callReason: true } })).toEqual({ callReason: "new-large" });
    expect(await prisma.mailOutbox.count({ where: { channel: "sms", key: { startsWith: `order-code:${large.id}` } } })).toBe(0);
  });

  it("refuses a blocked phone or e-mail with the shop's number, never saying why", async () => {
    const phone = phoneOf();
    await setPhone(testAdmin, phone, { blocked: true, reason: "Refused three parcels" });
    const before = await prisma.order.count();
    const refused = await rejection(order(phone));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("Please call us to order: +880 9612-345678");
    expect(refused.message.toLowerCase()).not.toContain("block");
    await blockEmail(testAdmin, "Fake@Example.com", "Fake orders");
    expect((await rejection(order(phoneOf(), 100, "fake@example.com"))).message).toBe(refused.message);
    expect(await prisma.order.count()).toBe(before);
    await setPhone(testAdmin, phone, { blocked: false });
    expect((await order(phone)).id).toBeTruthy();
  });
});

describe("the courier's record", () => {
  beforeEach(async () => {
    await saveSettings(testAdmin, { ...rules, couriersOn: ["steadfast"] });
  });

  async function courierParcels(phone: string, delivered: number, returned: number) {
    for (let i = 0; i < delivered + returned; i++) {
      const res = await fetch(`${fake.url}/steadfast/create_order`, {
        method: "POST",
        headers: { "Api-Key": "k", "Secret-Key": "s", "Content-Type": "application/json" },
        body: JSON.stringify({ invoice: `X-${phone}-${i}`, recipient_name: "A", recipient_phone: phone, recipient_address: "Dhaka", cod_amount: 100 }),
      });
      const { consignment } = (await res.json()) as { consignment: { consignment_id: number } };
      await control("status", { courier: "steadfast", consignmentId: consignment.consignment_id, status: i < delivered ? "delivered" : "returning" });
    }
  }

  it("is asked once, kept a day with its source, and judges a phone new to the shop", async () => {
    const phone = phoneOf();
    await courierParcels(phone, 1, 3);
    const record = await buyerRecord(phone);
    expect(record.courier).toMatchObject({ source: "steadfast", parcels: 4, delivered: 1, cancelled: 3 });
    expect(record.badge).toBe("risky");
    await buyerRecord(phone);
    expect(await fraudChecks()).toBe(1);
    // A day later it is asked again.
    await prisma.courierPhoneCheck.update({ where: { phone }, data: { checkedAt: new Date(Date.now() - 25 * 3_600_000) } });
    await buyerRecord(phone);
    expect(await fraudChecks()).toBe(2);
  });

  it("a courier that is down or silent never holds up a checkout, and the kept record stays", async () => {
    const phone = phoneOf();
    await courierParcels(phone, 2, 0);
    await buyerRecord(phone);
    await prisma.courierPhoneCheck.update({ where: { phone }, data: { checkedAt: new Date(Date.now() - 25 * 3_600_000) } });
    await control("down", { down: true });
    const started = Date.now();
    const placed = await order(phone);
    expect(placed.id).toBeTruthy();
    const fresh = phoneOf();
    expect((await order(fresh)).id).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(2_000);
    await settleCourierQuestions();
    // The admin's view: the kept record (a day old) rather than nothing, and a new phone has none.
    expect((await buyerRecord(phone)).courier).toMatchObject({ source: "steadfast", parcels: 2, delivered: 2 });
    expect((await buyerRecord(fresh)).courier).toBeNull();
    await control("down", { down: false });
  });

  it("with no source linked, a phone has no courier record and no courier is asked, as with none switched on", async () => {
    const phone = phoneOf();
    await courierParcels(phone, 0, 2);
    registerPhoneRecordSource(null);
    try {
      expect((await order(phone)).id).toBeTruthy();
      await settleCourierQuestions();
      expect(await buyerRecord(phone)).toMatchObject({ badge: "new", courier: null });
      expect(await fraudChecks()).toBe(0);
    } finally {
      linkDomains();
    }
  });
});
