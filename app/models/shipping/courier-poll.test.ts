import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { NO_CALL_RULE } from "../../../tests/support/settings";
import { DEFAULT_SETTINGS, prisma, saveSettings } from "~/models/platform/index.server";
import { placeOrder } from "~/models/orders/index.server";

import { startCourierFake } from "../../../scripts/courier-fake/server.mjs";
import { startWorker, type JobWorker } from "../../../tests/support/jobs";
import { address, product, returningBuyer, user } from "../../../tests/support/order.fixtures";
import { bookOrder, COURIER_POLL_TASK, pollCouriers } from "./index.server";
import { testAdmin } from "../../../tests/support/actors";

// The courier poll (issue 36 item 3, decision 094) against PostgreSQL and the fake couriers over real
// HTTP: a parcel delivered at the courier, whose webhook never came, becomes delivered in the shop.

type Fake = Awaited<ReturnType<typeof startCourierFake>>;
let fake: Fake;
let worker: JobWorker | null = null;

const control = (path: string, body: unknown = {}) =>
  fetch(`${fake.url}/_control/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const asViewer = (u: { id: number; isAdmin: boolean }) => ({ id: u.id, isAdmin: u.isAdmin });

beforeAll(async () => {
  fake = await startCourierFake(0);
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
    // Every parcel on the road in this database is asked about, whatever other tests left there.
    COURIER_POLL_BATCH: "100000",
    // No scheduled poll: this file runs each poll itself.
    COURIER_POLL_MINUTES: "0",
  });
  const big = { ordersPerPhonePerDay: 1000, ordersPerEmailPerDay: 1000, ordersPerAccountPerDay: 1000, ordersPerIpPerHour: 1000 };
  await saveSettings(testAdmin, { ...DEFAULT_SETTINGS, ...NO_CALL_RULE, ...big, couriersOn: ["steadfast", "pathao", "redx"], defaultCourier: "steadfast" });
});
afterAll(async () => {
  await worker?.stop();
  await fake.close();
});
beforeEach(() => control("reset"));

/** A confirmed order booked with `courier` at the fake: shipped, courier status "booked". */
async function bookedOrder(courier: "steadfast" | "pathao" | "redx") {
  const admin = asViewer(await user(true));
  const buyer = await returningBuyer();
  const p = await product(850, { M: 5 });
  const order = await placeOrder({ userId: buyer.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
  const booked = await bookOrder(order.id, courier, admin);
  return { id: order.id, consignmentId: booked.consignmentId! };
}

const row = (id: string) => prisma.order.findUniqueOrThrow({ where: { id } });
const events = (orderId: string) => prisma.courierEvent.count({ where: { orderId } });

describe("the courier poll", () => {
  it("a parcel delivered at each courier is delivered and paid in the shop after one poll; a second poll changes nothing", async () => {
    const parcels = await Promise.all((["steadfast", "pathao", "redx"] as const).map(async (courier) => ({ courier, ...(await bookedOrder(courier)) })));
    for (const p of parcels) await control("status", { courier: p.courier, consignmentId: p.consignmentId, status: "delivered" });
    const onTheRoad = await bookedOrder("steadfast");
    await control("status", { courier: "steadfast", consignmentId: onTheRoad.consignmentId, status: "in_transit" });
    // Each courier's own words come back in the shop's: RedX's "agent-returning" is a parcel on its way back.
    const refused = await bookedOrder("redx");
    await control("status", { courier: "redx", consignmentId: refused.consignmentId, status: "returning" });

    const first = await pollCouriers();
    expect(first.down).toEqual([]);
    for (const p of parcels) {
      expect(await row(p.id), p.courier).toMatchObject({ courierStatus: "delivered", isDelivered: true, isPaid: true });
      expect(await prisma.orderEvent.count({ where: { orderId: p.id, type: { in: ["delivered", "paid"] } } })).toBe(2);
    }
    expect(await row(onTheRoad.id)).toMatchObject({ courierStatus: "in_transit", isDelivered: false });
    expect(await row(refused.id)).toMatchObject({ courierStatus: "returning", returningAt: expect.any(Date), isDelivered: false });

    const before = await Promise.all([...parcels, onTheRoad].map(async (p) => ({ row: await row(p.id), events: await events(p.id) })));
    const second = await pollCouriers();
    expect(second.applied).toBe(0);
    const after = await Promise.all([...parcels, onTheRoad].map(async (p) => ({ row: await row(p.id), events: await events(p.id) })));
    // A delivered parcel is not asked again; the one in transit is asked, and its answer is the same event.
    expect(after.map((a) => ({ ...a, row: { ...a.row, courierPolledAt: null } }))).toEqual(
      before.map((b) => ({ ...b, row: { ...b.row, courierPolledAt: null } })),
    );
  });

  it("two instances polling at once deliver the parcel once: one delivered and one paid step", async () => {
    const parcel = await bookedOrder("pathao");
    await control("status", { courier: "pathao", consignmentId: parcel.consignmentId, status: "delivered" });
    const [a, b] = await Promise.all([pollCouriers(), pollCouriers()]);
    expect(a.down.concat(b.down)).toEqual([]);
    expect(await row(parcel.id)).toMatchObject({ courierStatus: "delivered", isDelivered: true, isPaid: true });
    const steps = await prisma.orderEvent.findMany({ where: { orderId: parcel.id, type: { in: ["delivered", "paid"] } } });
    expect(steps.map((e) => e.type).sort()).toEqual(["delivered", "paid"]);
    expect(await events(parcel.id)).toBe(1);
  });

  it("a courier that is down leaves the parcel as it was; the queue retries the poll, and the retry delivers it", async () => {
    const parcel = await bookedOrder("steadfast");
    await control("status", { courier: "steadfast", consignmentId: parcel.consignmentId, status: "delivered" });
    await control("down", { down: true });
    worker = await startWorker({ concurrency: 1 });
    await prisma.$executeRaw`SELECT graphile_worker.add_job(${COURIER_POLL_TASK}, '{}'::json, job_key => ${COURIER_POLL_TASK}, max_attempts => 5)`;
    const job = () =>
      prisma.$queryRaw<{ attempts: number; last_error: string | null }[]>`
        SELECT attempts, last_error FROM graphile_worker.jobs WHERE key = ${COURIER_POLL_TASK}`.then((rows) => rows[0] ?? null);
    // The run failed (the courier did not answer) and waits on the queue for its retry.
    await expect.poll(job, { timeout: 20_000 }).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/steadfast did not answer/) });
    expect(await row(parcel.id)).toMatchObject({ courierStatus: "booked", isDelivered: false, isPaid: false });
    expect(await events(parcel.id)).toBe(0);

    await control("down", { down: false });
    // The retry's backoff is seconds; bring it forward rather than wait.
    await prisma.$executeRaw`SELECT graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE key = ${COURIER_POLL_TASK}), run_at => now())`;
    await expect.poll(() => row(parcel.id), { timeout: 20_000 }).toMatchObject({ courierStatus: "delivered", isDelivered: true, isPaid: true });
    await expect.poll(job, { timeout: 10_000 }).toBeNull();
  });
});
