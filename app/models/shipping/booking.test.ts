import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";
import { NO_CALL_RULE } from "../../../tests/support/settings";
import { DEFAULT_SETTINGS, saveSettings } from "~/models/platform/index.server";
import { cashToCollectPaisa } from "~/utils/money";

import { startCourierFake } from "../../../scripts/courier-fake/server.mjs";
import { address, guest, product, rejection, returningBuyer, user } from "../../../tests/support/order.fixtures";
import { placeOrder } from "~/models/orders/index.server";
import { bookOrder, bookOrders } from "./index.server";
import { testAdmin } from "../../../tests/support/actors";

// Booking with a courier (issue 36 item 2) against the fake couriers over real HTTP.

type Fake = Awaited<ReturnType<typeof startCourierFake>>;
let fake: Fake;
type FakeParcel = { courier: string; invoice: string; consignmentId: string; trackingCode: string; cod: number };

const control = (path: string, body: unknown = {}) =>
  fetch(`${fake.url}/_control/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const fakeParcels = async (): Promise<FakeParcel[]> => ((await (await fetch(`${fake.url}/_control/parcels`)).json()) as { parcels: FakeParcel[] }).parcels;
const fakeRequests = async (): Promise<{ courier: string; path: string }[]> =>
  ((await (await fetch(`${fake.url}/_control/requests`)).json()) as { requests: { courier: string; path: string }[] }).requests;

beforeAll(async () => {
  fake = await startCourierFake(4602);
  Object.assign(process.env, {
    STEADFAST_URL: `${fake.url}/steadfast`,
    STEADFAST_API_KEY: "sf-key",
    STEADFAST_SECRET_KEY: "sf-secret",
    PATHAO_URL: `${fake.url}/pathao`,
    PATHAO_CLIENT_ID: "id",
    PATHAO_CLIENT_SECRET: "secret",
    PATHAO_USERNAME: "shop@example.com",
    PATHAO_PASSWORD: "pw",
    PATHAO_STORE_ID: "77",
    REDX_URL: `${fake.url}/redx`,
    REDX_TOKEN: "rx-token",
  });
  // 50 orders of one fixture phone: the held-pieces caps (decision 093) are anti-drain.test.ts's subject.
  const big = { ordersPerPhonePerDay: 1000, ordersPerEmailPerDay: 1000, ordersPerAccountPerDay: 1000, ordersPerIpPerHour: 1000, heldPiecesPerPhone: 100_000 };
  await saveSettings(testAdmin, { ...DEFAULT_SETTINGS, ...NO_CALL_RULE, ...big, couriersOn: ["steadfast", "pathao", "redx"], defaultCourier: "steadfast" });
});
afterAll(() => fake.close());
beforeEach(() => control("reset"));

const asViewer = (u: { id: number; isAdmin: boolean }) => ({ id: u.id, isAdmin: u.isAdmin });

async function confirmedOrder(priceTaka = 1299.5) {
  const buyer = await returningBuyer();
  const p = await product(priceTaka, { M: 5 });
  return placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
}

const shippedMessages = (orderId: string) => prisma.mailOutbox.count({ where: { template: "order-shipped", data: { path: ["orderId"], equals: orderId } } });

describe("booking one order", () => {
  it("books with Steadfast: shipped with the consignment and tracking code, cash to collect rounded, buyer told", async () => {
    const admin = asViewer(await user(true));
    const order = await confirmedOrder();
    const booked = await bookOrder(order.id, "steadfast", admin);
    const [parcel] = await fakeParcels();
    expect(parcel).toMatchObject({ courier: "steadfast", invoice: order.orderNumber });
    expect(booked).toMatchObject({
      isShipped: true,
      courier: "steadfast",
      consignmentId: parcel.consignmentId,
      trackingNumber: parcel.trackingCode,
      courierStatus: "booked",
    });
    const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(parcel.cod * 100).toBe(cashToCollectPaisa(row.totalPaisa));
    expect(row.codToCollectPaisa).toBe(cashToCollectPaisa(row.totalPaisa));
    expect(await shippedMessages(order.id)).toBeGreaterThan(0);
    // Pressing Book again (a double click) returns the same order and asks the courier nothing.
    const before = (await fakeRequests()).length;
    expect(await bookOrder(order.id, "steadfast", admin)).toMatchObject({ consignmentId: parcel.consignmentId });
    expect((await fakeRequests()).length).toBe(before);
  });

  it("is the admin's, and only for a confirmed order (409), which the courier never hears of", async () => {
    const admin = asViewer(await user(true));
    const p = await product(500, { L: 3 });
    const unconfirmed = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "L", qty: 1 }], shippingAddress: address });
    const refused = await rejection(bookOrder(unconfirmed.id, "steadfast", admin));
    expect(refused.status).toBe(409);
    expect((await rejection(bookOrder(unconfirmed.id, "steadfast", asViewer(await user())))).status).toBe(403);
    expect(await fakeParcels()).toHaveLength(0);
  });

  it("keeps the courier's refusal next to the order and changes nothing else", async () => {
    const admin = asViewer(await user(true));
    const order = await confirmedOrder();
    await prisma.order.update({ where: { id: order.id }, data: { address: "Flat 4B, ".repeat(30) } });
    const refused = await rejection(bookOrder(order.id, "steadfast", admin));
    expect(refused.status).toBe(502);
    expect(refused.message).toMatch(/may not be greater than 250 characters/);
    const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ shippedAt: null, consignmentId: null, courier: null, bookingError: refused.message });
    expect(await shippedMessages(order.id)).toBe(0);
  });

  it("says so when the courier is down, leaves nothing half-done, and a retry books once", async () => {
    const admin = asViewer(await user(true));
    const order = await confirmedOrder();
    await control("down", { down: true });
    const down = await rejection(bookOrder(order.id, "steadfast", admin));
    expect(down.status).toBe(502);
    expect(down.message).toMatch(/Steadfast cannot be reached; nothing was booked/);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ shippedAt: null, consignmentId: null });
    await control("down", { down: false });
    expect(await bookOrder(order.id, "steadfast", admin)).toMatchObject({ isShipped: true, bookingError: null });
    expect(await fakeParcels()).toHaveLength(1);
  });

  it("never makes two parcels when the courier booked but its answer was lost", async () => {
    const admin = asViewer(await user(true));
    const order = await confirmedOrder();
    await control("fail", { count: 1, mode: "lost" });
    expect((await rejection(bookOrder(order.id, "steadfast", admin))).status).toBe(502);
    const retried = await bookOrder(order.id, "steadfast", admin);
    const parcels = await fakeParcels();
    expect(parcels).toHaveLength(1);
    expect(retried.consignmentId).toBe(parcels[0].consignmentId);
  });

  it("books with Pathao (OAuth token) and RedX (area from the postal code); RedX without an area is refused", async () => {
    const admin = asViewer(await user(true));
    const a = await confirmedOrder();
    expect(await bookOrder(a.id, "pathao", admin)).toMatchObject({ isShipped: true, courier: "pathao", trackingNumber: expect.stringMatching(/^DL/) });
    const b = await confirmedOrder();
    expect(await bookOrder(b.id, "redx", admin)).toMatchObject({ isShipped: true, courier: "redx", trackingNumber: expect.stringMatching(/RX$/) });
    const c = await confirmedOrder();
    await prisma.order.update({ where: { id: c.id }, data: { postalCode: "9999" } });
    const refused = await rejection(bookOrder(c.id, "redx", admin));
    expect(refused).toMatchObject({ status: 502, message: expect.stringMatching(/no delivery area for postal code 9999/) });
  });
});

describe("booking many", () => {
  it("books 50 confirmed orders in one Steadfast bulk call and says why the others were not", async () => {
    const admin = asViewer(await user(true));
    const orders = [];
    for (let i = 0; i < 50; i += 1) orders.push(await confirmedOrder(100 + i));
    const p = await product(500, { L: 3 });
    const unconfirmed = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "L", qty: 1 }], shippingAddress: address });
    const result = await bookOrders("steadfast", [...orders.map((o) => o.id), unconfirmed.id, "no-such-order"], admin);
    expect(result.booked).toHaveLength(50);
    expect(result.booked.every((o) => o.isShipped && o.consignmentId)).toBe(true);
    expect(result.failed).toEqual([
      { id: unconfirmed.id, message: expect.stringMatching(/Confirm this order first/) },
      { id: "no-such-order", message: "Order not found" },
    ]);
    expect((await fakeRequests()).filter((r) => r.path.startsWith("/create_order"))).toEqual([expect.objectContaining({ path: "/create_order/bulk-order" })]);
    // Again: already booked, nothing new at the courier.
    const again = await bookOrders(
      "steadfast",
      orders.map((o) => o.id),
      admin,
    );
    expect(again.booked).toHaveLength(50);
    expect(await fakeParcels()).toHaveLength(50);
  });

  it("a bulk call while the courier is down books nothing; the retry books each once", async () => {
    const admin = asViewer(await user(true));
    const orders = [await confirmedOrder(), await confirmedOrder()];
    await control("fail", { count: 1, mode: "5xx" });
    const first = await bookOrders(
      "steadfast",
      orders.map((o) => o.id),
      admin,
    );
    expect(first.booked).toHaveLength(0);
    expect(first.failed.map((f) => f.message)).toEqual([expect.stringMatching(/not working right now \(503\)/), expect.any(String)]);
    const second = await bookOrders(
      "steadfast",
      orders.map((o) => o.id),
      admin,
    );
    expect(second.booked).toHaveLength(2);
    expect(await fakeParcels()).toHaveLength(2);
  });
});
