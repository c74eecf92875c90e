// Issue 31 #3, issue 40 #5: PostgreSQL frozen (SIGSTOP of every process,
// 20 s) while two instances take 40 requests a second of pages, searches,
// sign-in, cart and orders, with two busy loops beside them on this 2-core
// machine. The guard: no request takes over 5 s (a shopper who waits longer
// has gone), none is a 500 or a dropped connection, the catalogue pages the
// page cache holds answer 200 throughout, for guests and shoppers with a
// session alike, and both instances serve again after SIGCONT. It prints the
// latencies (how many took over 2 s and 5 s, p50, p95, max) so a slow run
// shows what it was. With the 8 s deadline of issue 31, 389 of 394 requests
// took over 5 s (max 9.3 s); before each request kept one deadline, add to
// cart and pages took 13-16 s.
import { spawn } from "node:child_process";
import crypto from "node:crypto";

import { assert, jsonHeaders, orderBody, request, sleep, waitFor } from "./support.mjs";

export const limitMs = 110_000;
/**
 * The promise (decision 080): writes answer their 503 within 5 s; the
 * deadline is 2 s (REQUEST_DEADLINE_MS), a query is let run 1 s past it so a
 * ROLLBACK can, and the 503's render shares two cores with two busy loops.
 */
const BOUND_MS = 5_000;
const FREEZE_MS = 20_000;
const PER_SECOND = 40;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export default async function freezeTwoInstances(ctx) {
  const shops = await Promise.all([ctx.startShop(0, "freeze-a"), ctx.startShop(1, "freeze-b")]);
  const productId = await ctx.createProduct([{ size: "M", quantity: 1_000 }]);
  const email = `freeze-${crypto.randomBytes(3).toString("hex")}@example.com`;
  const made = await request(`${shops[0].url}/api/users`, {
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ name: "Freeze", email, password: "cotton-kurta-77" }),
  });
  assert.equal(made.status, 201, made.text);
  // A session cookie: pages are the cached copies with the shopper's parts filled in (decision 069).
  const past = { Cookie: "__session=freeze" };
  const ask = (s, path, headers = {}) => request(`${s.url}${path}`, { headers, timeoutMs: BOUND_MS + 15_000 });
  const names = ["product page", "home page", "search", "sign-in", "add to cart", "order", "uncached API read"];
  /** The catalogue pages, served from the page cache's copies while the database does not answer. */
  const catalogue = new Set([0, 1, 2]);
  const kinds = [
    (s) => ask(s, `/product/${productId}`, past),
    (s) => ask(s, "/"),
    (s) => ask(s, "/search/chaos", past),
    (s) =>
      request(`${s.url}/api/users/auth`, {
        method: "POST",
        headers: jsonHeaders,
        body: JSON.stringify({ email, password: "cotton-kurta-77" }),
        timeoutMs: BOUND_MS + 15_000,
      }),
    (s) =>
      request(`${s.url}/product/${productId}`, {
        method: "POST",
        headers: { ...past, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "addToCart", productId: String(productId), size: "M", qty: "1" }).toString(),
        timeoutMs: BOUND_MS + 15_000,
      }),
    (s) =>
      request(`${s.url}/api/orders`, {
        method: "POST",
        headers: jsonHeaders,
        body: orderBody([{ productId, size: "M", qty: 1 }]),
        timeoutMs: BOUND_MS + 15_000,
      }),
    // Not cached (a session cookie): it needs the database, and answers its 503 in time.
    (s) => ask(s, "/api/products", past),
  ];
  // Each instance's page cache holds the catalogue pages before the freeze, as a shop's busy pages would.
  for (const shop of shops) {
    for (const path of [`/product/${productId}`, "/", "/search/chaos"]) {
      const warm = await ask(shop, path);
      assert.equal(warm.status, 200, `${shop.name} ${path} before the freeze: ${warm.status ?? warm.error?.message}`);
    }
  }

  // Load beside the shop: two busy loops, as a build or browser tests would be.
  const busy = Array.from({ length: 2 }, () => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
  const results = [];
  try {
    await sleep(500);
    ctx.freezePostgres();
    ctx.say(`PostgreSQL frozen; ${PER_SECOND} requests a second on two instances for ${FREEZE_MS / 1000} s`);
    const inFlight = [];
    const started = Date.now();
    for (let i = 0; Date.now() - started < FREEZE_MS; i += 1) {
      const kind = i % kinds.length;
      inFlight.push(kinds[kind](shops[i % 2]).then((r) => results.push({ kind, ...r })));
      await sleep(Math.max(0, started + ((i + 1) * 1000) / PER_SECOND - Date.now()));
    }
    ctx.resumePostgres();
    await Promise.all(inFlight);
  } finally {
    ctx.resumePostgres();
    for (const p of busy) p.kill("SIGKILL");
  }

  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const over = (list, limit) => list.filter((t) => t > limit).length;
  const statuses = {};
  for (const r of results) statuses[r.status ?? "error"] = (statuses[r.status ?? "error"] ?? 0) + 1;
  ctx.say(
    `${results.length} requests during the freeze: ${JSON.stringify(statuses)}; ${over(ms, 2_000)} over 2 s, ${over(ms, 5_000)} over 5 s; ` +
      `p50 ${(percentile(ms, 50) / 1000).toFixed(1)} s, p95 ${(percentile(ms, 95) / 1000).toFixed(1)} s, max ${(ms.at(-1) / 1000).toFixed(1)} s`,
  );
  for (const [kind, name] of names.entries()) {
    const mine = results.filter((r) => r.kind === kind);
    const t = mine.map((r) => r.ms).sort((a, b) => a - b);
    const codes = [...new Set(mine.map((r) => r.status ?? "error"))].join("/");
    ctx.say(
      `  ${name}: ${mine.length} (${codes}), ${over(t, 2_000)} over 2 s, ${over(t, 5_000)} over 5 s, ${mine.filter((r) => r.error).length} unanswered, p50 ${(percentile(t, 50) / 1000).toFixed(1)} s, max ${(t.at(-1) / 1000).toFixed(1)} s`,
    );
  }
  const dropped = results.filter((r) => r.error);
  assert.deepEqual(dropped.map((r) => r.error.message).slice(0, 5), [], "requests without an answer");
  const failed = results.filter((r) => r.status >= 500 && r.status !== 503);
  assert.deepEqual(failed.map((r) => `${names[r.kind]}: ${r.status}`).slice(0, 5), [], "answers other than a clear 503");
  const refused = results.filter((r) => r.status === 503 && r.headers["retry-after"] === undefined);
  assert.deepEqual(refused.map((r) => names[r.kind]).slice(0, 5), [], "503s without Retry-After");
  // The catalogue stays up: every page the cache holds answers 200 while the database does not.
  const down = results.filter((r) => catalogue.has(r.kind) && r.status !== 200);
  assert.deepEqual(down.map((r) => `${names[r.kind]}: ${r.status}`).slice(0, 5), [], "catalogue pages that did not answer 200 during the freeze");
  // No kind of request holds a shopper past the bound.
  const slowest = names.map((name, kind) => ({ name, ms: Math.max(...results.filter((r) => r.kind === kind).map((r) => r.ms)) }));
  const late = slowest.filter((k) => k.ms > BOUND_MS).map((k) => `${k.name}: ${k.ms} ms`);
  assert.deepEqual(late, [], `kinds of request that took over ${BOUND_MS} ms`);

  for (const shop of shops) {
    await waitFor(async () => (await request(`${shop.url}/healthcheck`, { timeoutMs: 5_000 })).status === 200, {
      timeoutMs: 20_000,
      what: `${shop.name} healthy after SIGCONT`,
    });
  }
  const order = await request(`${shops[1].url}/api/orders`, { method: "POST", headers: jsonHeaders, body: orderBody([{ productId, size: "M", qty: 1 }]) });
  assert.equal(order.status, 201, `an order after SIGCONT: ${order.status} ${order.text}`);
}
