// A cluster case of `npm run test:cluster` (scripts/test-cluster.mjs), kept in
// its own file: what an app serves while the primary is down (issue 31 #2).
import assert from "node:assert/strict";

const json = { "Content-Type": "application/json" };

/**
 * Issue 31 #2: the primary is down (killed by primaryKilled). Straight from each app, past every cache
 * (a session cookie), the catalogue answers 200 from the replica, which has replayed all it received and
 * so is current; orders and sign-in are a clean 503 with Retry-After, never a 500.
 */
export async function replicaServesWhilePrimaryDown(cluster, productId, { request, waitForReplica, replicaStates, orderBody, say }) {
  await waitForReplica(cluster, true, "the replica in use with the primary down (current, not lagging)", 15_000);
  const states = await replicaStates(cluster);
  assert.ok(
    states.every((s) => s.includes("primary unreachable")),
    `the health check says why: ${states.join(" | ")}`,
  );
  const headers = { Cookie: "__session=outage" };
  const paths = [`/api/products/${productId}`, `/product/${productId}`, "/", "/api/products?pageNumber=1", "/search/saree"];
  const answers = [];
  for (const app of cluster.apps) {
    for (const p of paths) answers.push({ p, ...(await request(`${app}${p}`, { headers })) });
  }
  const bad = answers.filter((a) => a.status !== 200).map((a) => `${a.p} ${a.status} ${a.text.slice(0, 80)}`);
  assert.deepEqual(bad, [], "uncached catalogue reads straight from an app, with the primary down");
  for (const app of cluster.apps) {
    const order = await request(`${app}/api/orders`, { method: "POST", headers: json, body: orderBody(productId, "M") });
    assert.equal(order.status, 503, `an order straight from an app: ${order.status} ${order.text}`);
    assert.ok(order.headers.get("retry-after"), "the order's 503 says when to come back");
    const signIn = await request(`${app}/api/users/auth`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: "admin@example.com", password: "admin12345" }),
    });
    assert.equal(signIn.status, 503, `sign-in straight from an app: ${signIn.status} ${signIn.text}`);
    assert.ok(signIn.headers.get("retry-after"), "the sign-in's 503 says when to come back");
  }
  say(`primary down: ${answers.length} uncached catalogue reads straight from the apps all 200 from the replica; orders and sign-in 503 with Retry-After`);
}

/**
 * The same outage through Varnish: its probes (/healthcheck/reads) keep the instances in the balance while they
 * can serve the catalogue from the replica, so pages and API reads Varnish has never held are 200, not only what
 * grace keeps; orders and sign-in reach an app and are its clean 503 with Retry-After. Each instance's
 * /healthcheck still says the primary is away (503): that one is for operators, not for balancing.
 */
export async function varnishServesWhilePrimaryDown(cluster, productId, { request, sleep, orderBody, say }) {
  // A query string Varnish has never seen: each read is a miss that must reach an instance.
  const fresh = (p, i) => `${p}${p.includes("?") ? "&" : "?"}outage=${i}-${Date.now()}`;
  const paths = [`/product/${productId}`, `/api/products/${productId}`, "/", "/search/saree", "/api/products?pageNumber=1"];
  // The probes need two good answers of three (about 2 s) once the replica is judged current.
  const started = Date.now();
  for (let i = 0; ; i += 1) {
    const first = await request(`${cluster.front}${fresh(paths[0], `wait${i}`)}`);
    if (first.status === 200) break;
    assert.ok(Date.now() - started < 15_000, `an uncached page through Varnish within 15 s of the replica in use: ${first.status} ${first.text.slice(0, 80)}`);
    await sleep(250);
  }
  const answers = [];
  for (let round = 0; round < 4; round += 1) {
    for (const p of paths) answers.push({ p, ...(await request(`${cluster.front}${fresh(p, round)}`)) });
  }
  const bad = answers
    .filter((a) => a.status !== 200 || a.headers.get("x-varnish-cache") !== "MISS")
    .map((a) => `${a.p} ${a.status} ${a.headers.get("x-varnish-cache")}`);
  assert.deepEqual(bad, [], "uncached catalogue reads through Varnish, with the primary down");
  const order = await request(`${cluster.front}/api/orders`, { method: "POST", headers: json, body: orderBody(productId, "M") });
  assert.equal(order.status, 503, `an order through Varnish: ${order.status} ${order.text}`);
  assert.ok(order.headers.get("retry-after"), "the order's 503 says when to come back");
  assert.match(JSON.parse(order.text).message, /temporarily unavailable/);
  const signIn = await request(`${cluster.front}/api/users/auth`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: "admin@example.com", password: "admin12345" }),
  });
  assert.equal(signIn.status, 503, `sign-in through Varnish: ${signIn.status} ${signIn.text}`);
  assert.ok(signIn.headers.get("retry-after"), "the sign-in's 503 says when to come back");
  const signInPage = await request(`${cluster.front}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "email=admin%40example.com&password=admin12345",
  });
  assert.equal(signInPage.status, 503, `the sign-in form through Varnish: ${signInPage.status}`);
  assert.ok(signInPage.headers.get("retry-after"), "the sign-in form's 503 says when to come back");
  // What the probe heard, and what operators still see on /healthcheck.
  for (const app of cluster.apps) {
    const reads = await request(`${app}/healthcheck/reads`);
    assert.equal(reads.status, 200, `${app}/healthcheck/reads with the primary down: ${reads.status} ${reads.text.slice(0, 80)}`);
    assert.match(reads.text, /primary is unreachable/, "the probe's answer says it serves reads only");
    assert.equal((await request(`${app}/healthcheck`)).status, 503, `${app}/healthcheck: the primary is away`);
  }
  say(
    `primary down, through Varnish: ${answers.length} uncached catalogue reads all 200 (MISS, from the replica); orders and sign-in a clean 503 with Retry-After`,
  );
}
