// The server SIGKILLed in the middle of 200 concurrent orders over a few
// sizes, then restarted, twice. Stock and orders always balance, and every
// client whose reply was lost retries with its Idempotency-Key: afterwards
// each stored order belongs to a client that was told about it, and none is
// doubled (issue 13, "server crash" and #8).
import crypto from "node:crypto";

import { assert, jsonHeaders, orderBody, request, requestPolitely, waitFor } from "./support.mjs";

const ROUNDS = 2;
const ORDERS = 200;
const SIZES = ["S", "M", "L"];

export default async function serverCrash(ctx) {
  const initial = { S: 120, M: 120, L: 120 };
  const productId = await ctx.createProduct(SIZES.map((size) => ({ size, quantity: initial[size] })));
  const acknowledged = new Set();

  for (let round = 1; round <= ROUNDS; round += 1) {
    let shop = await ctx.startShop(1, `shop-round-${round}`);
    const attempts = Array.from({ length: ORDERS }, (_, i) => ({
      key: crypto.randomUUID(),
      body: orderBody([{ productId, size: SIZES[i % SIZES.length], qty: 1 + (i % 2) }]),
    }));
    let answered = 0;
    // The stream before the kill takes what comes (a 503 counts as lost); a retry behaves as a client
    // that was told "busy, retry" and comes back after Retry-After.
    const send = (url, a, fetcher = request) =>
      fetcher(`${url}/api/orders`, { method: "POST", headers: { ...jsonHeaders, "Idempotency-Key": a.key }, body: a.body, timeoutMs: 30_000 }).then((r) => {
        if (r.status) answered += 1;
        return r;
      });
    // Warm up (a cold process answers its first requests slowly), so the kill lands mid-stream.
    await Promise.all(Array.from({ length: 4 }, () => request(`${shop.url}/api/products/${productId}`)));
    const inFlight = attempts.map((a) => send(shop.url, a));
    // Kill mid-stream: once a share of the orders is answered (a count, not a clock), or after 30 s at most.
    await waitFor(async () => answered >= 25, { timeoutMs: 30_000, what: "", every: 10 }).catch(() => {});
    shop.proc.kill("SIGKILL");
    const results = await Promise.all(inFlight);
    const lost = [];
    for (const [i, r] of results.entries()) {
      // No answer, or "busy, retry" (a 503 when 200 orders queue for 10 connections longer than the pool waits).
      if (r.error || r.status === 503) lost.push(attempts[i]);
      else {
        assert.ok([201, 409].includes(r.status), `round ${round}: an order answered ${r.status}: ${r.text}`);
        if (r.status === 201) acknowledged.add(r.json().id);
      }
    }
    ctx.say(`round ${round}: ${results.length - lost.length} answered before the SIGKILL, ${lost.length} lost or busy`);
    await ctx.stopShops();

    shop = await ctx.startShop(1, `shop-round-${round}-restarted`);
    // Retries, ten at a time (as clients backing off would come back).
    for (let i = 0; i < lost.length; i += 10) {
      for (const r of await Promise.all(lost.slice(i, i + 10).map((a) => send(shop.url, a, requestPolitely)))) {
        assert.ok([200, 201, 409].includes(r.status), `round ${round}: a retry answered ${r.status ?? r.error?.message}: ${r.text ?? ""}`);
        if (r.status !== 409) acknowledged.add(r.json().id);
      }
    }
    await ctx.stopShops();
    await ctx.checkInvariants(productId, initial);
    const stored = await ctx.sql(`SELECT DISTINCT "orderId" AS id FROM "OrderItem" WHERE "productId" = $1`, [productId]);
    const unknown = stored.filter((o) => !acknowledged.has(o.id));
    assert.equal(unknown.length, 0, `round ${round}: ${unknown.length} stored order(s) whose client never learnt of them`);
    assert.equal(stored.length, acknowledged.size, `round ${round}: acknowledged orders that are not stored`);
  }
}
