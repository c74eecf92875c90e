// `npm run test:cluster`: the topology of `npm run cluster` (Varnish → 2 app
// instances → PgBouncer → PostgreSQL with a streaming replica), started fresh
// and put through what a sale day and a bad night do to it (issue 19 §5).
// Counts and bounds, no tight timings: it passes on a loaded 2-core machine.
// Exits non-zero on the first failed promise, with the servers' last log lines.
import assert from "node:assert/strict";

import { backupAndRestoreDrill } from "./backup-drill.mjs";
import { runOnCluster } from "./cluster.mjs";
import { replicaServesWhilePrimaryDown, varnishServesWhilePrimaryDown } from "./cluster-outage.mjs";
import { LOOSE_LIMITS, query } from "./db-tasks.mjs";

const say = (message) => console.log(`[test:cluster +${Math.round((Date.now() - t0) / 1000)}s] ${message}`);
const t0 = Date.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function request(url, init = {}) {
  const started = Date.now();
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(15_000), ...init });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, error, text: "", ms: Date.now() - started };
  }
}

async function sql(url, text, params = []) {
  return (await query(url, text, params)).rows;
}

const json = { "Content-Type": "application/json" };
const address = { address: "House 7, Road 2", city: "Dhaka", postalCode: "1212", phone: "01811000000" };
const orderBody = (productId, size) =>
  JSON.stringify({
    name: "Cluster Guest",
    email: "cluster@example.com",
    orderItems: [{ product: productId, qty: 1, selectedSize: size }],
    shippingAddress: address,
    paymentMethod: "Cash on Delivery",
  });

async function adminCookie(front) {
  const res = await request(`${front}/api/users/auth`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: "admin@example.com", password: "admin12345" }),
  });
  assert.equal(res.status, 200, `admin sign-in: ${res.status} ${res.text}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    .split(";")[0];
}

async function stockProduct(cluster, quantity) {
  const [{ id }] = await sql(
    cluster.urls.primary,
    `INSERT INTO "Product" (name, "pricePaisa", image, brand, "categoryId", description, "updatedAt")
     VALUES ('Cluster Panjabi ' || md5(random()::text), 100000, '/placeholder.svg', 'Cluster', 1, '<p>x</p>', now()) RETURNING id`,
  );
  await sql(cluster.urls.primary, `INSERT INTO "ProductSize" ("productId", size, quantity, position) VALUES ($1, 'M', $2, 0)`, [id, quantity]);
  return id;
}

async function soldAndLeft(cluster, productId) {
  const [row] = await sql(
    cluster.urls.primary,
    `SELECT (SELECT quantity FROM "ProductSize" WHERE "productId" = $1) AS left,
            (SELECT coalesce(sum(i.qty), 0)::int FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId"
              WHERE i."productId" = $1 AND o."cancelledAt" IS NULL) AS sold`,
    [productId],
  );
  return row;
}

async function varnishServes(cluster) {
  const first = await request(`${cluster.front}/`);
  const second = await request(`${cluster.front}/`);
  assert.equal(first.status, 200);
  assert.equal(second.headers.get("x-varnish-cache"), "HIT", "the second anonymous GET / comes from Varnish");
  const carted = await request(`${cluster.front}/`, { headers: { Cookie: "__session=x" } });
  assert.equal(carted.headers.get("x-varnish-cache"), "MISS", "a request with the session cookie passes Varnish");
  say("Varnish caches the anonymous page and passes a session");
}

async function purgeWithinASecond(cluster) {
  const cookie = await adminCookie(cluster.front);
  const product = JSON.parse((await request(`${cluster.front}/api/products/1`)).text);
  await request(`${cluster.front}/product/1`); // in Varnish now
  const price = Math.round(product.originalPrice + 11);
  const body = { ...product, price, categoryId: product.category.id, sizes: product.sizes, additionalImages: product.additionalImages };
  const put = await request(`${cluster.front}/api/products/1`, { method: "PUT", headers: { ...json, Cookie: cookie }, body: JSON.stringify(body) });
  assert.equal(put.status, 200, `price change: ${put.status} ${put.text}`);
  const changedAt = Date.now();
  const shown = `৳${price.toLocaleString("en-US")}`;
  for (;;) {
    const page = await request(`${cluster.front}/product/1`);
    if (page.text.includes(shown)) break;
    assert.ok(Date.now() - changedAt < 1_000, `the new price ${shown} not shown through Varnish within 1 s`);
    await sleep(100);
  }
  say(`an admin's price change shows through Varnish after ${Date.now() - changedAt} ms`);
}

// Read replicas (issue 19 §1): what each instance's health check says of its replica.
const replicaStates = (cluster) => Promise.all(cluster.apps.map(async (app) => (await request(`${app}/healthcheck`)).headers.get("x-read-replicas") ?? "none"));

async function waitForReplica(cluster, inUse, what, timeoutMs = 45_000) {
  const started = Date.now();
  for (;;) {
    const states = await replicaStates(cluster);
    if (states.every((s) => s.includes("in use") === inUse)) return Date.now() - started;
    assert.ok(Date.now() - started < timeoutMs, `${what} within ${timeoutMs / 1000} s: ${states.join(" | ")}`);
    await sleep(200);
  }
}

/** Transactions committed in the shop's database on one server (PostgreSQL's own counters). */
async function commits(url) {
  return Number((await sql(url, "SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = 'shop'"))[0].n);
}

/** Catalogue reads past both caches (a session cookie), spread over the instances. */
async function catalogueReads(cluster, n) {
  const paths = ["/api/products?pageNumber=2", "/api/products/1", "/product/1", "/search/saree"];
  // The pages get a query of their own per read: since decision 069 a cookie no longer means a render
  // per request (the page cache fills the shopper's holes into its anonymous copy), and these reads
  // must reach the database to show where they go.
  const url = (i) => {
    const path = paths[i % paths.length];
    return path.startsWith("/api/") ? path : `${path}?read=${i}`;
  };
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) => request(`${cluster.apps[i % cluster.apps.length]}${url(i)}`, { headers: { Cookie: "__session=reads" } })),
  );
  return answers.map((a) => a.status);
}

/** PostgreSQL reports an idle backend's pending counters within 10 s (PGSTAT_IDLE_INTERVAL); a margin on top. */
const STATS_IDLE_FLUSH_MS = 11_000;

async function readsOnTheReplica(cluster) {
  await waitForReplica(cluster, true, "both instances use the replica");
  // Backends report their counters when idle, at most once a second: wait for them to settle.
  const settle = async (url) => {
    let last = await commits(url);
    for (;;) {
      await sleep(1_500);
      const now = await commits(url);
      if (now - last < 20) return now;
      last = now;
    }
  };
  // The 200 checkouts above queued their e-mails and texts: let the queue drain, or its work would swamp the
  // primary's count. Only jobs due now: each guest order's hold waits on the queue for 30 minutes (decision 055).
  const due = "SELECT count(*) AS n FROM graphile_worker.jobs WHERE run_at <= now()";
  for (const started = Date.now(); Number((await sql(cluster.urls.primary, due))[0].n) > 0;) {
    assert.ok(Date.now() - started < 60_000, "the mail queue drains");
    await sleep(500);
  }
  // Both settled. A backend that goes idle keeps counts it has not reported for up to PostgreSQL's idle
  // stats interval (PGSTAT_IDLE_INTERVAL, 10 s), so the checkouts' and e-mails' last counts could land
  // in the window below (a CI run saw ~475 of them): wait that interval out first, then settle.
  await sleep(STATS_IDLE_FLUSH_MS);
  await Promise.all([settle(cluster.urls.replica), settle(cluster.urls.primary)]);
  // The primary's background (health probes, the job queue's polling), measured while nothing else runs.
  const idle0 = await commits(cluster.urls.primary);
  const idleStarted = Date.now();
  await sleep(3_000);
  const background = ((await commits(cluster.urls.primary)) - idle0) / (Date.now() - idleStarted);
  const [replica0, primary0] = [await commits(cluster.urls.replica), await commits(cluster.urls.primary)];
  const readsStarted = Date.now();
  const n = 400;
  const statuses = await catalogueReads(cluster, n);
  assert.deepEqual([...new Set(statuses)], [200], "every catalogue read answers 200");
  await sleep(STATS_IDLE_FLUSH_MS); // the reads' backends report, idle ones included
  const primary1 = await commits(cluster.urls.primary);
  const window = Date.now() - readsStarted;
  const replica1 = await commits(cluster.urls.replica);
  const onReplica = replica1 - replica0;
  const onPrimary = primary1 - primary0;
  const expectedBackground = Math.round(background * window);
  assert.ok(onReplica >= n, `${n} catalogue reads committed ${onReplica} transactions on the replica`);
  assert.ok(
    onPrimary - expectedBackground < n / 4,
    `the primary committed ${onPrimary} transactions in the ${window} ms of ${n} catalogue reads; its background alone is about ${expectedBackground}`,
  );
  const order = await request(`${cluster.front}/api/orders`, { method: "POST", headers: json, body: orderBody(await stockProduct(cluster, 1), "M") });
  assert.equal(order.status, 201, `an order (a write) with the replica in use: ${order.status} ${order.text}`);
  say(
    `${n} catalogue reads: ${onReplica} transactions on the replica, ${onPrimary} on the primary (its background alone about ${expectedBackground}); an order is written to the primary`,
  );
}

async function readYourWrites(cluster, maxLagSeconds) {
  const app = cluster.apps[0];
  const admin = await adminCookie(cluster.front);
  const productId = await stockProduct(cluster, 5);
  // The replica has the new product (an anonymous read past the caches finds it), then replay stops.
  for (const started = Date.now(); (await request(`${app}/api/products/${productId}`, { headers: { Cookie: "__session=x" } })).status !== 200;) {
    assert.ok(Date.now() - started < 10_000, "the new product reached the replica");
    await sleep(200);
  }
  await sql(cluster.urls.replica, "SELECT pg_wal_replay_pause()");
  try {
    const product = JSON.parse((await request(`${cluster.front}/api/products/${productId}`, { headers: { Cookie: admin } })).text);
    const name = `Renamed Panjabi ${Date.now()}`;
    const body = { ...product, name, price: product.originalPrice, categoryId: product.category.id };
    const savedAt = Date.now();
    const put = await request(`${cluster.front}/api/products/${productId}`, { method: "PUT", headers: { ...json, Cookie: admin }, body: JSON.stringify(body) });
    assert.equal(put.status, 200, `the admin's save: ${put.status} ${put.text}`);
    const mark = put.headers.getSetCookie().find((c) => c.startsWith("__ryw="));
    assert.ok(mark, "the save's answer marks the admin for reads from the primary");
    const marked = `${admin}; ${mark.split(";")[0]}`;
    const edit = await request(`${app}/admin/product/${productId}/edit`, { headers: { Cookie: marked } });
    const page = await request(`${app}/product/${productId}`, { headers: { Cookie: marked } });
    const unmarked = await request(`${app}/product/${productId}`, { headers: { Cookie: admin } });
    const elapsed = Date.now() - savedAt;
    assert.ok(edit.text.includes(name), "the edit page shows the saved name at once");
    assert.ok(page.text.includes(name), "the product page shows the saved name at once");
    // The same admin without the mark reads the paused replica: the delay the mark hides is real.
    assert.ok(elapsed < maxLagSeconds * 1000 - 1000, `the admin's three pages took ${elapsed} ms`);
    assert.ok(!unmarked.text.includes(name) && unmarked.status === 200, "without the mark, the replica's older name");
    // An anonymous visitor, through Varnish: once the replica is too far behind it is skipped.
    let seenAfter;
    for (;;) {
      const visitor = await request(`${cluster.front}/product/${productId}`);
      assert.equal(visitor.status, 200);
      if (visitor.text.includes(name)) break;
      seenAfter = Date.now() - savedAt;
      assert.ok(seenAfter < (maxLagSeconds + 15) * 1000, `an anonymous visitor still sees the old name after ${seenAfter} ms`);
      await sleep(250);
    }
    seenAfter = Date.now() - savedAt;
    const states = await replicaStates(cluster);
    assert.ok(
      states.every((s) => /skipped: [\d.]+ s behind/.test(s)),
      `the lagging replica is skipped: ${states.join(" | ")}`,
    );
    say(
      `read-your-writes: the admin saw the new name at once (replay paused); a visitor after ${seenAfter} ms (max lag ${maxLagSeconds} s, then the 5 s caches)`,
    );
  } finally {
    await sql(cluster.urls.replica, "SELECT pg_wal_replay_resume()");
  }
  const back = await waitForReplica(cluster, true, "the replica, caught up, is used again");
  say(`replay resumed: the replica is in use again after ${back} ms`);
}

async function replicaKilled(cluster) {
  await waitForReplica(cluster, true, "the replica in use before the kill");
  const results = [];
  const until = Date.now() + 8_000;
  const paths = ["/api/products?pageNumber=2", "/product/1", "/api/products/1", "/search/kurti"];
  const worker = async (w) => {
    for (let i = 0; Date.now() < until; i += 1) {
      const res = await request(`${cluster.front}${paths[(w + i) % paths.length]}`, { headers: { Cookie: "__session=load" } });
      results.push(res.status);
    }
  };
  const load = Promise.all(Array.from({ length: 4 }, (_, w) => worker(w)));
  await sleep(1_500);
  cluster.killReplica();
  say("replica PostgreSQL killed (SIGKILL) under load");
  await load;
  const failed = results.filter((s) => s !== 200);
  assert.ok(results.length > 40, `reads during the replica kill: ${results.length}`);
  assert.deepEqual(failed, [], `reads that failed while the replica died: ${failed.length} of ${results.length}`);
  await waitForReplica(cluster, false, "the dead replica is skipped", 5_000);
  const primary0 = await commits(cluster.urls.primary);
  assert.deepEqual([...new Set(await catalogueReads(cluster, 40))], [200]);
  await sleep(1_500);
  assert.ok((await commits(cluster.urls.primary)) - primary0 >= 40, "with the replica dead, catalogue reads are on the primary");
  cluster.restartReplica();
  const back = await waitForReplica(cluster, true, "the restarted replica is used again");
  say(`replica killed under load: 0 failed of ${results.length} reads; after its restart it is used again within ${back} ms`);
}

async function checkoutsThroughPgBouncer(cluster) {
  const productId = await stockProduct(cluster, 50);
  const answers = await Promise.all(
    Array.from({ length: 200 }, () => request(`${cluster.front}/api/orders`, { method: "POST", headers: json, body: orderBody(productId, "M") })),
  );
  const count = (s) => answers.filter((a) => a.status === s).length;
  const servers = await sql(cluster.urls.pgbouncerAdmin, "SHOW SERVERS");
  assert.equal(count(201), 50, `orders placed: ${JSON.stringify(answers.map((a) => a.status).sort())}`);
  const others = answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${a.text.slice(0, 80)}`);
  assert.deepEqual(others, [], "every other order is refused as sold out, none fails");
  const { left, sold } = await soldAndLeft(cluster, productId);
  assert.deepEqual({ left, sold }, { left: 0, sold: 50 }, "stock + ordered = initial");
  assert.ok(servers.length <= cluster.poolSize, `PgBouncer holds ${servers.length} server connections (pool ${cluster.poolSize})`);
  say(`200 checkouts on 2 instances through PgBouncer: 50 sold of 50, ${count(409)} refused; ${servers.length} server connections`);
}

async function instanceKilled(cluster) {
  // Past Varnish's cache (a session cookie), so every request reaches an instance.
  const headers = { Cookie: "__session=load" };
  const results = [];
  let killedAt = 0;
  const until = Date.now() + 9_000;
  const worker = async () => {
    while (Date.now() < until) results.push({ at: Date.now(), ...(await request(`${cluster.front}/api/products/top`, { headers })) });
  };
  const load = Promise.all(Array.from({ length: 4 }, worker));
  await sleep(1_500);
  cluster.killApp(1);
  killedAt = Date.now();
  await load;
  const probeWindow = 4_000;
  const late = results.filter((r) => r.at > killedAt + probeWindow);
  const failedLate = late.filter((r) => r.status !== 200);
  assert.ok(late.length > 20, `requests after the probe window: ${late.length}`);
  assert.equal(failedLate.length, 0, `failed after the probe window: ${failedLate.map((r) => r.status).join(",")}`);
  say(`one instance killed: ${results.filter((r) => r.status !== 200).length} failed in the probe window, 0 of ${late.length} after`);
  await cluster.restartApp(1);
}

async function primaryKilled(cluster) {
  const productId = await stockProduct(cluster, 20);
  const page = `${cluster.front}/product/${productId}`;
  // An order first: it changes the stock, which bans the page from Varnish; then the page is cached again.
  const placed = await request(`${cluster.front}/api/orders`, { method: "POST", headers: json, body: orderBody(productId, "M") });
  assert.equal(placed.status, 201);
  await sleep(500);
  assert.equal((await request(page)).status, 200);
  assert.equal((await request(page)).headers.get("x-varnish-cache"), "HIT");
  cluster.killPrimary();
  say("primary PostgreSQL killed");
  // Past the page's 5 s and the probes' window: grace, or an instance reading the replica, serves it now.
  await sleep(8_000);
  const served = await request(page);
  assert.equal(served.status, 200, `the anonymous product page during the outage: ${served.status}`);
  const order = await request(`${cluster.front}/api/orders`, { method: "POST", headers: json, body: orderBody(productId, "M") });
  assert.equal(order.status, 503, `an order during the outage: ${order.status} ${order.text}`);
  assert.match(JSON.parse(order.text).message, /temporarily unavailable/);
  const signIn = await request(`${cluster.front}/api/users/auth`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: "admin@example.com", password: "admin12345" }),
  });
  assert.equal(signIn.status, 503, `sign-in during the outage: ${signIn.status}`);
  say("during the outage: the cached catalogue page served, orders and sign-in a clear 503");
  await replicaServesWhilePrimaryDown(cluster, productId, { request, waitForReplica, replicaStates, orderBody, say });
  await varnishServesWhilePrimaryDown(cluster, productId, { request, sleep, orderBody, say });
  cluster.restartPrimary();
  const back = Date.now();
  for (;;) {
    const again = await request(`${cluster.front}/api/orders`, { method: "POST", headers: json, body: orderBody(productId, "M") });
    if (again.status === 201) break;
    assert.ok(Date.now() - back < 60_000, `no order within 60 s of the restart: ${again.status} ${again.text}`);
    await sleep(500);
  }
  const { left, sold } = await soldAndLeft(cluster, productId);
  assert.equal(left + sold, 20, `stock ${left} + ordered ${sold} = 20`);
  say(`primary restarted: orders again after ${Math.round((Date.now() - back) / 1000)} s, nothing restarted but PostgreSQL; stock + ordered = initial`);
}

// Short, so the lag case is quick; production's default is 10 s.
const maxLagSeconds = 6;
// `node scripts/test-cluster.mjs primaryKilled,backupDrill` runs only the cases whose names contain one of those words.
const only = process.argv[2]?.split(",");
const backupDrill = (cluster) => backupAndRestoreDrill(cluster, { say });
const cases = [
  varnishServes,
  purgeWithinASecond,
  checkoutsThroughPgBouncer,
  readsOnTheReplica,
  readYourWrites,
  replicaKilled,
  instanceKilled,
  primaryKilled,
  backupDrill,
];
await runOnCluster({ log: say, replicaMaxLagSeconds: maxLagSeconds, shopSettings: LOOSE_LIMITS }, async (cluster) => {
  for (const check of cases.filter((c) => !only || only.some((word) => c.name.includes(word)))) {
    await (check === readYourWrites ? check(cluster, maxLagSeconds) : check(cluster));
  }
  say("all cluster checks passed");
});
