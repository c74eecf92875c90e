import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { mailHealth } from "~/models/mail/index.server";
import { startWorker } from "../../../tests/support/jobs";
import { address, guest, product, stockOf } from "../../../tests/support/order.fixtures";
import { overdueHolds } from "./cod-hold.server";
import { placeOrder } from "./order.server";

// Issue 40 #7: an instance killed (SIGKILL) while its worker ran a hold's job
// leaves that job locked by a worker that no longer exists. The stale-lock
// sweep must free it like a send job (sooner: HOLD_STALE_LOCK_SECONDS), so the
// order is still cancelled and its stock comes back; until then the health
// check names the stuck holds, not mail (its words: app/web/health.server.test.ts).

/** Holds over two minutes past their end: the figure /healthcheck/mail shows. */
const overdue = () => overdueHolds(new Date(Date.now() - 2 * 60_000));

describe("a hold's job locked by a worker that died", () => {
  it("is freed by another worker's sweep and expires the order; the health check names the holds meanwhile", async () => {
    const p = await product(100, { M: 4 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 3 }], shippingAddress: address });
    expect(await stockOf(p.id, "M")).toBe(1);
    // The hold ended three minutes ago, and its job was taken ten minutes ago by a worker that is gone.
    await prisma.orderConfirmCode.update({ where: { orderId: order.id }, data: { holdUntil: new Date(Date.now() - 3 * 60_000) } });
    const locked = await prisma.$executeRaw`
      UPDATE graphile_worker._private_jobs
         SET run_at = now() - interval '3 minutes', locked_by = 'worker-of-a-killed-instance', locked_at = now() - interval '10 minutes'
       WHERE key = ${`hold:${order.id}`}`;
    expect(locked).toBe(1);

    // As a web instance sees it (its own worker off): the queue's worker elsewhere is the one that died.
    process.env.MAIL_WORKER = "off";
    expect(await mailHealth().finally(() => delete process.env.MAIL_WORKER)).toMatchObject({ mailOk: true });
    expect(await overdue()).toMatchObject({ count: 1 });

    const worker = await startWorker();
    try {
      await expect
        .poll(async () => (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).cancelReason, { timeout: 15_000, interval: 250 })
        .toBe("not-confirmed");
    } finally {
      await worker.stop();
    }
    expect(await stockOf(p.id, "M")).toBe(4);
    // The code never went out: its moment had passed when the freed job ran.
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { key: `order-code:${order.id}:1` } })).toMatchObject({ status: "skipped" });
    expect(await overdue()).toEqual({ count: 0, oldestHoldUntil: null });
  });
});
