// PostgreSQL frozen (SIGSTOP of the server and its backends): /healthcheck
// says 503 within 2 s, every request the page cache cannot answer ends with a
// clear 503 within the bound instead of hanging, a page it holds is still
// served, and after SIGCONT all is well again (issue 13 #2, #7; issue 21).
import { assert, jsonHeaders, orderBody, request, waitFor } from "./support.mjs";

/**
 * The longest any request may take while the database is frozen: a shopper
 * who waits longer has gone (issue 40 #5; the request's 2 s deadline, a query
 * let run 1 s past it, the 503's render).
 */
const BOUND_MS = 5_000;

export default async function dbFreeze(ctx) {
  const shop = await ctx.startShop(0);
  const productId = await ctx.createProduct([{ size: "M", quantity: 50 }]);
  // Warm the pool, so that some frozen connections are pooled ones. A session
  // cookie takes these past the page cache, so /api/products is not cached.
  const past = { Cookie: "__session=warm-up" };
  const warm = await Promise.all(Array.from({ length: 6 }, () => request(`${shop.url}/api/products`, { headers: past })));
  assert.deepEqual(
    warm.map((r) => r.status),
    [200, 200, 200, 200, 200, 200],
    "warm-up",
  );
  // An anonymous page the cache now holds: the catalogue stays up through the freeze.
  const held = await request(`${shop.url}/api/categories`);
  assert.equal(held.status, 200, "categories before the freeze");

  ctx.freezePostgres();
  try {
    const health = await request(`${shop.url}/healthcheck`, { timeoutMs: 10_000 });
    assert.equal(health.status, 503, `healthcheck during a freeze: ${health.status ?? health.error}`);
    assert.ok(health.ms < 2_000, `healthcheck took ${health.ms} ms during a freeze`);

    const calls = [
      ["GET", "/api/products"],
      ["GET", `/api/products/${productId}`],
      ["POST", "/api/orders", orderBody([{ productId, size: "M", qty: 1 }])],
      ["GET", `/product/${productId}`],
      ["GET", "/"],
    ];
    const results = await Promise.all(
      calls.map(([method, url, body]) =>
        request(`${shop.url}${url}`, { method, body, headers: body ? jsonHeaders : {}, timeoutMs: BOUND_MS + 5_000 }).then((r) => ({ url, ...r })),
      ),
    );
    for (const r of results) {
      assert.ok(!r.error, `${r.url} failed during a freeze: ${r.error?.message}`);
      assert.ok(r.ms <= BOUND_MS, `${r.url} took ${r.ms} ms during a freeze`);
      assert.equal(r.status, 503, `${r.url} answered ${r.status} during a freeze`);
      if (r.url.startsWith("/api/")) assert.match(r.json().message, /temporarily unavailable/);
      else {
        // The error page says what happened, title included (not "Product not found").
        const title = /<title>([^<]*)<\/title>/.exec(r.text)?.[1] ?? "";
        assert.match(title, /unavailable/i, `${r.url} title: ${title}`);
        assert.match(r.text, /temporarily unavailable/);
      }
    }
    const fromCache = await request(`${shop.url}/api/categories`, { timeoutMs: 5_000 });
    assert.equal(fromCache.status, 200, `a cached page during a freeze: ${fromCache.status ?? fromCache.error?.message}`);
    assert.match(String(fromCache.headers["x-cache"]), /^(HIT|STALE)$/, "served by the page cache");
    assert.deepEqual(fromCache.json(), held.json(), "the same categories as before the freeze");
    // The sign-in page needs no query for a guest (the header's categories fall back): served, not hung.
    const login = await request(`${shop.url}/login`, { timeoutMs: BOUND_MS + 5_000 });
    assert.ok([200, 503].includes(login.status) && login.ms <= BOUND_MS, `/login during a freeze: ${login.status ?? login.error} in ${login.ms} ms`);
    assert.equal(shop.proc.exitCode, null, "the server died");
  } finally {
    ctx.resumePostgres();
  }

  await waitFor(async () => (await request(`${shop.url}/healthcheck`, { timeoutMs: 5_000 })).status === 200, {
    timeoutMs: 15_000,
    what: "/healthcheck 200 after SIGCONT",
  });
  // The health check says so once per outage, with the reason, and once when it ends (issue 19 §7).
  const down = shop.log.match(/healthcheck: database unavailable \(([^)]*)\)/g) ?? [];
  assert.equal(down.length, 1, `outage lines: ${down.join(" | ")}`);
  assert.match(down[0], /\((?!\)).+\)/, "the outage line gives a reason");
  assert.match(shop.log, /healthcheck: database available again after \d+ s/);
  const order = await request(`${shop.url}/api/orders`, { method: "POST", headers: jsonHeaders, body: orderBody([{ productId, size: "M", qty: 1 }]) });
  assert.equal(order.status, 201, `an order after SIGCONT: ${order.status} ${order.text}`);
  await ctx.checkInvariants(productId, { M: 50 });
}
