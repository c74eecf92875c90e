// PostgreSQL SIGKILLed in the middle of 150 concurrent orders, then started
// again: the server process survives, answers every request (201, 409 or a
// clear 503, never a 500 or a hang), serves /healthcheck 200 and new orders
// within 10 s of the restart without being restarted itself, and stock and
// orders still balance (issue 13 #1).
import crypto from "node:crypto";

import { assert, jsonHeaders, orderBody, request, sleep, waitFor } from "./support.mjs";

const ORDERS = 150;
const SIZES = ["S", "M", "L", "XL"];

export default async function dbCrash(ctx) {
  const shop = await ctx.startShop(0);
  const initial = Object.fromEntries(SIZES.map((s) => [s, 60]));
  const productId = await ctx.createProduct(SIZES.map((size) => ({ size, quantity: initial[size] })));

  let placed = 0;
  const inFlight = Array.from({ length: ORDERS }, (_, i) =>
    request(`${shop.url}/api/orders`, {
      method: "POST",
      headers: { ...jsonHeaders, "Idempotency-Key": crypto.randomUUID() },
      body: orderBody([{ productId, size: SIZES[i % SIZES.length], qty: 1 + (i % 2) }]),
      timeoutMs: 30_000,
    }).then((r) => {
      if (r.status === 201) placed += 1;
      return r;
    }),
  );
  // Mid-stream: once some orders are through (by count, not by a clock), or after 30 s at most.
  await waitFor(async () => placed >= 10, { timeoutMs: 30_000, what: "", every: 20 }).catch(() => {});
  ctx.say("SIGKILL PostgreSQL");
  ctx.killPostgres();
  const results = await Promise.all(inFlight);
  const statuses = {};
  for (const r of results) {
    assert.ok(!r.error, `an order request failed without an answer: ${r.error?.message}`);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    assert.ok([201, 409, 503].includes(r.status), `an order answered ${r.status}: ${r.text}`);
  }
  ctx.say(`answers while PostgreSQL died: ${JSON.stringify(statuses)}`);

  await sleep(1_000);
  await ctx.restartPostgres();
  const restarted = Date.now();
  ctx.say("PostgreSQL restarted");
  await waitFor(async () => (await request(`${shop.url}/healthcheck`, { timeoutMs: 5_000 })).status === 200, {
    timeoutMs: 10_000,
    what: "/healthcheck 200 from the same server after the restart",
    unless: () => shop.proc.exitCode !== null && "the server process died",
  });
  await waitFor(
    async () => {
      const r = await request(`${shop.url}/api/orders`, {
        method: "POST",
        headers: jsonHeaders,
        body: orderBody([{ productId, size: "S", qty: 1 }]),
        timeoutMs: 5_000,
      });
      return r.status === 201;
    },
    { timeoutMs: Math.max(1_000, 10_000 - (Date.now() - restarted)), what: "a new order (201) within 10 s of the restart" },
  );
  assert.equal(shop.proc.exitCode, null, "the server process died");
  const sold = await ctx.checkInvariants(productId, initial);
  ctx.say(`invariants hold; ${sold} units sold`);
}
