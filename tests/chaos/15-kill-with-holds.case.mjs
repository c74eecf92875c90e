// Issue 40 #7: an instance is SIGKILLed while its worker runs orders' hold jobs
// (sending their codes through a slow SMS gateway). Those jobs stay locked by
// a worker that no longer exists; before the fix only send-mail jobs were ever
// freed, so their orders kept their stock for graphile-worker's 4 hours.
// Another instance must free and run them: no order holds stock past its
// hold plus a minute. HOLD_STALE_LOCK_SECONDS is 10 here (45 by default), to
// keep the case short, as case 8 shortens MAIL_STALE_LOCK_SECONDS.
import { address, assert, jsonHeaders, request, waitFor } from "./support.mjs";
import { smsGateway } from "./sms-gateway.mjs";

export const limitMs = 120_000;
const ORDERS = 6;
const HOLD_SECONDS = 15;

export default async function killWithHolds(ctx) {
  const gateway = smsGateway({ delayMs: 6_000 });
  const env = { SMS_URL: await gateway.listen(), COD_CONFIRM_MINUTES: String(HOLD_SECONDS / 60), HOLD_STALE_LOCK_SECONDS: "10" };
  try {
    const productId = await ctx.createProduct([{ size: "S", quantity: ORDERS * 2 }]);
    const first = await ctx.startShop(1, "shop-holds-killed", env);
    const placed = [];
    for (let i = 0; i < ORDERS; i++) {
      const r = await request(`${first.url}/api/orders`, {
        method: "POST",
        headers: jsonHeaders,
        body: JSON.stringify({
          orderItems: [{ product: productId, qty: 2, selectedSize: "S" }],
          shippingAddress: { ...address, phone: `019${String(30_000_000 + i).slice(-8)}` },
          name: "Kill Chaos",
          email: `hold-kill-${i}@example.com`,
        }),
      });
      assert.equal(r.status, 201, `placing an order: ${r.status ?? r.error?.message}`);
      placed.push(r.json().id);
    }
    // Both of its workers are inside a hold job, waiting on the gateway: now the kill.
    await waitFor(async () => gateway.inFlight >= 2, { timeoutMs: 20_000, what: "two codes on their way to the gateway", every: 50 });
    const [{ n: locked }] = await ctx.sql(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'expire-order-hold' AND locked_by IS NOT NULL`,
    );
    first.proc.kill("SIGKILL");
    await first.exited;
    ctx.say(`killed the shop while it held ${locked} hold job(s)`);
    assert.ok(locked >= 1, "the killed shop held hold jobs");

    await ctx.startShop(2, "shop-holds-survivor", env);
    const [{ lastEnd }] = await ctx.sql(
      `SELECT (extract(epoch FROM max("holdUntil")) * 1000)::float8 AS "lastEnd" FROM "OrderConfirmCode" WHERE "orderId" = ANY($1)`,
      [placed],
    );
    // The promise: within a minute of its hold's end, every unconfirmed order is cancelled and its stock is back.
    await waitFor(async () => (await ctx.sql(`SELECT count(*)::int AS n FROM "Order" WHERE id = ANY($1) AND "cancelledAt" IS NULL`, [placed]))[0].n === 0, {
      timeoutMs: Math.max(5_000, lastEnd + 60_000 - Date.now()),
      what: "every order to be expired within a minute of its hold",
      every: 500,
    });
    const orders = await ctx.sql(
      `SELECT o."cancelReason", (extract(epoch FROM o."cancelledAt") * 1000)::float8 AS "cancelledMs",
              (extract(epoch FROM o."createdAt") * 1000)::float8 AS "createdMs"
         FROM "Order" o WHERE o.id = ANY($1)`,
      [placed],
    );
    const worst = Math.max(...orders.map((o) => o.cancelledMs - (o.createdMs + HOLD_SECONDS * 1000)));
    for (const o of orders) assert.equal(o.cancelReason, "not-confirmed");
    assert.ok(worst < 60_000, `an order was expired ${Math.round(worst / 1000)} s after its hold`);
    const [{ quantity }] = await ctx.sql(`SELECT quantity FROM "ProductSize" WHERE "productId" = $1`, [productId]);
    assert.equal(quantity, ORDERS * 2, "every held piece is back");
    ctx.say(`all ${ORDERS} orders expired, the latest ${Math.round(worst / 1000)} s after its hold`);
  } finally {
    await gateway.close();
  }
}
