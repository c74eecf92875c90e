import { beforeEach, describe, expect, it } from "vitest";

import { badgeOrderWhere, buyerRecords, setPhone } from "~/models/customers/index.server";
import { DEFAULT_SETTINGS, prisma, saveSettings } from "~/models/platform/index.server";
import { BADGES, type Badge } from "~/schemas/customer-phone";

import { testAdmin } from "../../../tests/support/actors";
import { address, guest, product, user } from "../../../tests/support/order.fixtures";
import { confirmByCall } from "./cod-confirm.server";
import { expireHold } from "./cod-hold.server";
import { cancelOrder, markStep } from "./order-ops.server";
import { placeOrder } from "./order.server";
import { listOrdersPage } from "./order-list.server";

// The admin order list's badge filter reads the badge stored on the phone's record (issue 37,
// decision 110): it must follow every change of a phone's record, of the thresholds and of the
// courier's check, and show exactly the orders of the phones with that badge.

const loose = { ordersPerPhonePerDay: 1000, ordersPerEmailPerDay: 1000, ordersPerAccountPerDay: 1000, ordersPerIpPerHour: 1000 };
const rules = { ...DEFAULT_SETTINGS, ...loose, riskyMinFailures: 1, riskyBelowPercent: 70, callNewAboveTaka: 5000 };

beforeEach(async () => {
  await saveSettings(testAdmin, rules);
});

let n = 0;
const phoneOf = () => `0181${String(7_000_000 + ++n + Math.floor(Math.random() * 900) * 1000).padStart(7, "0")}`;
async function guestOrder(phone: string) {
  const p = await product(100, { M: 10 });
  return placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone } });
}
async function accountOrder(phone: string) {
  const p = await product(100, { M: 10 });
  const buyer = await user();
  return placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone } });
}

/** The order list filtered by a badge, as its loader asks for it. */
async function filtered(badge: Badge, more: { keyword?: string } = {}) {
  return listOrdersPage({ ...more, buyers: badgeOrderWhere(badge), pageSize: 500 });
}

/** What the admin sees: the phone's orders the list shows under each badge filter. */
async function listed(phone: string) {
  const out: Record<string, string[]> = {};
  for (const badge of BADGES) {
    const { orders } = await filtered(badge, { keyword: phone });
    if (orders.length) out[badge] = orders.map((o) => o.id).sort();
  }
  return out;
}
const ids = (...orders: { id: string }[]) => orders.map((o) => o.id).sort();

describe("the order list's badge filter", () => {
  it("follows placed, confirmed, delivered, refused, cancelled and not confirmed, guest and account alike", async () => {
    const phone = phoneOf();
    const admin = await user(true);
    const a = await guestOrder(phone);
    const b = await accountOrder(phone);
    expect(await listed(phone)).toEqual({ new: ids(a, b) });

    await confirmByCall(a.id, admin);
    expect(await listed(phone)).toEqual({ new: ids(a, b) });

    await markStep(a.id, "delivered", admin);
    expect(await listed(phone)).toEqual({ good: ids(a, b) });

    // A buyer's own cancel is not held against them.
    await cancelOrder(b.id, "customer-asked", admin);
    expect(await listed(phone)).toEqual({ good: ids(a, b) });

    // One refusal against one delivery: 50 % is below 70 %.
    const c = await accountOrder(phone);
    await confirmByCall(c.id, admin);
    await cancelOrder(c.id, "refused", admin);
    expect(await listed(phone)).toEqual({ risky: ids(a, b, c) });

    const d = await guestOrder(phone);
    expect(await listed(phone)).toEqual({ risky: ids(a, b, c, d) });
  });

  it("counts a lapsed hold (not confirmed) as a failure", async () => {
    const phone = phoneOf();
    const a = await guestOrder(phone);
    await expireHold(a.id, new Date(Date.now() + 3_600_000));
    expect(await listed(phone)).toEqual({ risky: ids(a) });
  });

  it("follows a threshold change and the admin's block", async () => {
    const phone = phoneOf();
    const admin = await user(true);
    const a = await guestOrder(phone);
    await confirmByCall(a.id, admin);
    await markStep(a.id, "delivered", admin);
    const b = await accountOrder(phone);
    await confirmByCall(b.id, admin);
    await cancelOrder(b.id, "refused", admin);
    expect(await listed(phone)).toEqual({ risky: ids(a, b) });

    await saveSettings(testAdmin, { ...rules, riskyMinFailures: 2 });
    expect(await listed(phone)).toEqual({ good: ids(a, b) });
    await saveSettings(testAdmin, { ...rules, riskyMinFailures: 1, riskyBelowPercent: 40 });
    expect(await listed(phone)).toEqual({ good: ids(a, b) });
    await saveSettings(testAdmin, rules);
    expect(await listed(phone)).toEqual({ risky: ids(a, b) });

    await setPhone(testAdmin, phone, { blocked: true, reason: "Refuses parcels" });
    expect(await listed(phone)).toEqual({ blocked: ids(a, b) });
    await setPhone(testAdmin, phone, { blocked: false });
    expect(await listed(phone)).toEqual({ risky: ids(a, b) });
  });

  it("takes the courier's record until the shop has settled an order", async () => {
    const phone = phoneOf();
    const a = await guestOrder(phone);
    const data = { source: "steadfast", parcels: 10, delivered: 2, cancelled: 8 };
    await prisma.courierPhoneCheck.upsert({ where: { phone }, create: { phone, ...data }, update: data });
    expect(await listed(phone)).toEqual({ risky: ids(a) });
    await prisma.courierPhoneCheck.update({ where: { phone }, data: { delivered: 9, cancelled: 1 } });
    expect(await listed(phone)).toEqual({ good: ids(a) });
    await prisma.courierPhoneCheck.delete({ where: { phone } });
    expect(await listed(phone)).toEqual({ new: ids(a) });
  });

  it("shows exactly the orders whose buyer's badge on the page is that badge", async () => {
    const admin = await user(true);
    const good = phoneOf();
    const g = await guestOrder(good);
    await confirmByCall(g.id, admin);
    await markStep(g.id, "delivered", admin);
    await setPhone(testAdmin, phoneOf(), { blocked: true, reason: "Test" });
    await guestOrder(phoneOf());

    const { orders } = await listOrdersPage({ pageSize: 10_000 });
    const records = await buyerRecords(orders.map((o) => o.shippingAddress.phone));
    for (const badge of BADGES) {
      const want = orders.filter((o) => records.get(o.shippingAddress.phone)?.badge === badge).map((o) => o.id);
      const got = (await listOrdersPage({ buyers: badgeOrderWhere(badge), pageSize: 10_000 })).orders.map((o) => o.id);
      expect(got).toEqual(want);
    }
  });

  it("uses the settings' defaults when none are saved", async () => {
    const row = await prisma
      .$transaction(async (tx) => {
        await tx.shopSetting.deleteMany({ where: { key: { in: ["riskyMinFailures", "riskyBelowPercent"] } } });
        const [t] = await tx.$queryRaw<{ risky_min: number; risky_below: number }[]>`SELECT * FROM phone_badge_thresholds()`;
        throw Object.assign(new Error("rollback"), { t });
      })
      .catch((e: { t?: unknown }) => e.t);
    expect(row).toEqual({ risky_min: DEFAULT_SETTINGS.riskyMinFailures, risky_below: DEFAULT_SETTINGS.riskyBelowPercent });
  });
});
