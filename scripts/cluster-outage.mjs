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
  assert.ok(states.every((s) => s.includes("primary unreachable")), `the health check says why: ${states.join(" | ")}`);
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
    const signIn = await request(`${app}/api/users/auth`, { method: "POST", headers: json, body: JSON.stringify({ email: "admin@example.com", password: "admin12345" }) });
    assert.equal(signIn.status, 503, `sign-in straight from an app: ${signIn.status} ${signIn.text}`);
    assert.ok(signIn.headers.get("retry-after"), "the sign-in's 503 says when to come back");
  }
  say(`primary down: ${answers.length} uncached catalogue reads straight from the apps all 200 from the replica; orders and sign-in 503 with Retry-After`);
}

