// The postmaster frozen (SIGSTOP) while its running backends are not: the
// connections a shop holds still answer, but a new one is never accepted. A
// request that needs one must still end within the bound, with a page (without
// its optional parts) or a clear 503, never hold a shopper or Varnish's back-end
// connection for the pool's whole queue wait (issue 19 §7).
import { assert, request, waitFor } from "./support.mjs";

/** docs/deploy.md "When the database goes away": no request waits longer than this for a connection that cannot be made. */
const BOUND_MS = 5_000;

export default async function postmasterFreeze(ctx) {
  // No page cache: every request here must reach the database.
  const shop = await ctx.startShop(0, "shop-postmaster", { PAGE_CACHE: "off" });
  ctx.freezePostmaster();
  try {
    // Several at once: more queries than the pool holds open, so new connections are needed.
    const paths = ["/", "/category/1", "/search/panjabi", "/api/products", "/api/products/top", "/api/categories"];
    const results = await Promise.all(paths.map((path) => request(`${shop.url}${path}`, { timeoutMs: 20_000 }).then((r) => ({ path, ...r }))));
    for (const r of results) {
      assert.ok(!r.error, `${r.path} failed: ${r.error?.message}`);
      assert.ok(r.ms <= BOUND_MS, `${r.path} took ${r.ms} ms with the postmaster frozen (bound ${BOUND_MS} ms)`);
      assert.ok([200, 503].includes(r.status), `${r.path} answered ${r.status}`);
    }
    ctx.say(`answers with the postmaster frozen: ${results.map((r) => `${r.path} ${r.status} in ${r.ms} ms`).join(", ")}`);
  } finally {
    ctx.resumePostgres();
  }
  await waitFor(async () => (await request(`${shop.url}/healthcheck`, { timeoutMs: 5_000 })).status === 200, {
    timeoutMs: 15_000,
    what: "/healthcheck 200 after SIGCONT",
  });
  const after = await request(`${shop.url}/`);
  assert.equal(after.status, 200, `the home page after SIGCONT: ${after.status}`);
}
