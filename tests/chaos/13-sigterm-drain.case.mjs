// SIGTERM of an instance whose worker is running cash-on-delivery hold expiries (issue 40 #7, #10;
// decision 081). The instance drains: its health checks answer 503 at once while it still accepts
// and serves everything else, then it stops, and the jobs it was running are finished or released,
// so that another instance expires the holds: no order holds its stock a minute past its hold.
// Before, it stopped accepting and exited at once, and an expiry job it held stayed locked for hours.
// The expiries are made to be in flight by holding the orders' rows locked: they wait on the lock
// until the instance releases them at the drain's bound, or their own query timeout (4.5 s) fails
// the attempt and graphile-worker unlocks it for a retry, whichever comes first; either way no
// dead process keeps them. The lock goes once the instance has exited.
import pg from "pg";

import { assert, jsonHeaders, orderBody, request, sleep, waitFor } from "./support.mjs";

export const limitMs = 120_000;
const ORDERS = 3;
const HOLD_SECONDS = 12;
// Short bounds for the case; production's are 5 s and 15 s (server/drain.js).
const drainEnv = { COD_CONFIRM_MINUTES: String(HOLD_SECONDS / 60), DRAIN_DELAY_SECONDS: "4", DRAIN_TIMEOUT_SECONDS: "3" };

export default async function sigtermDrain(ctx) {
  const productId = await ctx.createProduct([{ size: "M", quantity: 10 }]);
  await ctx.sql(`INSERT INTO "ShopSetting" (key, value) VALUES ('codConfirm', '"guests"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
  const a = await ctx.startShop(0, "draining", drainEnv);
  for (let i = 0; i < ORDERS; i += 1) {
    const placed = await request(`${a.url}/api/orders`, { method: "POST", headers: jsonHeaders, body: orderBody([{ productId, qty: 1, size: "M" }]) });
    assert.equal(placed.status, 201, `order ${i}: ${placed.status} ${placed.text}`);
  }
  const orders = await ctx.sql(
    `SELECT o.id FROM "Order" o JOIN "OrderItem" i ON i."orderId" = o.id JOIN "OrderConfirmCode" c ON c."orderId" = o.id WHERE i."productId" = $1`,
    [productId],
  );
  assert.equal(orders.length, ORDERS, "every guest order is held for its code");
  // Each hold ends HOLD_SECONDS after its order was placed, so by then for all of them.
  const holdEnds = Date.now() + HOLD_SECONDS * 1000;

  // The orders' rows, locked by the test: the expiry jobs start at the hold's end and wait.
  const locker = new pg.Client({ connectionString: ctx.dbUrl });
  await locker.connect();
  try {
    await locker.query("BEGIN");
    await locker.query(`SELECT id FROM "Order" WHERE id = ANY($1) FOR UPDATE`, [orders.map((o) => o.id)]);
    await waitFor(
      async () => {
        const [{ n }] = await ctx.sql(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        return n >= 1;
      },
      { timeoutMs: HOLD_SECONDS * 1000 + 30_000, what: "an expiry job waiting on the orders' rows" },
    );
    ctx.say(`an expiry job is in flight on ${a.name}; SIGTERM`);

    const problems = [];
    const signalledAt = Date.now();
    a.proc.kill("SIGTERM");
    // The probes fail first (the signal is handled within moments), while the instance still takes
    // new connections and serves: a refused connection here is an instance that stopped too soon.
    let reads;
    for (const until = Date.now() + 3_000; Date.now() < until; await sleep(50)) {
      reads = await request(`${a.url}/healthcheck/reads`, { timeoutMs: 5_000 });
      if (reads.status !== 200) break;
    }
    const health = await request(`${a.url}/healthcheck`, { timeoutMs: 5_000 });
    const api = await request(`${a.url}/api/products/${productId}`, { timeoutMs: 5_000 });
    const after = Date.now() - signalledAt;
    if (reads.status !== 503) problems.push(`/healthcheck/reads after SIGTERM: ${reads.status ?? reads.error?.message}, not 503`);
    if (health.status !== 503) problems.push(`/healthcheck ${after} ms after SIGTERM: ${health.status ?? health.error?.message}, not 503`);
    if (api.status !== 200) problems.push(`a product ${after} ms after SIGTERM (still draining): ${api.status ?? api.error?.message}, not 200`);
    if (reads.status === 503 && reads.headers.connection !== "close") problems.push("a draining instance keeps the probe's connection open");

    const b = await ctx.startShop(1, "other", drainEnv);
    let took = 0;
    a.exited.then(() => (took = Date.now() - signalledAt));
    const code = await Promise.race([a.exited, sleep(30_000).then(() => "still running 30 s after SIGTERM")]);
    if (code !== 0) problems.push(`the drained instance exited with ${code}`);
    if (took < Number(drainEnv.DRAIN_DELAY_SECONDS) * 1000) problems.push(`it exited ${took} ms after SIGTERM, before its drain delay`);
    ctx.say(`${a.name} exited (${code}) ${(took / 1000).toFixed(1)} s after SIGTERM; ${b.name} is up; the rows are let go`);
    await locker.query("COMMIT");

    // Past the hold plus a minute, nothing is held: the other instance has run the expiries.
    const deadline = holdEnds + 60_000;
    let left = [];
    while (Date.now() < deadline) {
      left = await ctx.sql(`SELECT id FROM "Order" WHERE id = ANY($1) AND "cancelledAt" IS NULL`, [orders.map((o) => o.id)]);
      if (left.length === 0) break;
      await sleep(500);
    }
    if (left.length > 0) problems.push(`${left.length} of ${ORDERS} orders still hold their stock a minute past their hold`);
    else ctx.say(`every hold expired ${((Date.now() - holdEnds) / 1000).toFixed(1)} s past its end`);
    assert.deepEqual(problems, [], problems.join("; "));
    const [{ quantity }] = await ctx.sql(`SELECT quantity FROM "ProductSize" WHERE "productId" = $1`, [productId]);
    assert.equal(quantity, 10, "the held stock is back");
  } finally {
    await locker.end().catch(() => {});
  }
}
