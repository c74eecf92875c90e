// A rolling restart (issue 40 #10, decision 081): each app instance in turn
// gets SIGTERM, drains (its probes fail, Varnish stops sending to it, what it
// holds finishes), exits, starts again, and is back in Varnish's balance
// before the next one goes. `npm run cluster` does it on `kill -HUP`;
// `npm run test:cluster` does it under load and counts failed requests.
import assert from "node:assert/strict";

import { json, orderBody, request, sleep, soldAndLeft, stockProduct } from "./cluster-support.mjs";
import { waitFor } from "./debian-services.mjs";

export async function rollingRestart(cluster, { log }) {
  for (let i = 0; i < cluster.apps.length; i += 1) {
    log(`SIGTERM to instance ${i}`);
    const { code, ms } = await cluster.stopApp(i, "SIGTERM");
    assert.equal(code, 0, `instance ${i} exited with ${code} after SIGTERM`);
    await cluster.restartApp(i);
    // Back in the balance (two good probes) before the next instance goes, or that one's requests have nowhere to go.
    await waitFor(() => cluster.backendHealthy(i), `Varnish to call instance ${i} healthy`, 30_000);
    // A fresh process answers its first requests slowly (cold code, empty caches): a moment before it carries the load alone.
    await sleep(3_000);
    log(`instance ${i} drained and exited in ${(ms / 1000).toFixed(1)} s, back in Varnish's balance`);
  }
}

/** Reads and orders through Varnish at ~40 a second while both instances restart in turn: none fails. */
export async function rollingRestartUnderLoad(cluster, { say }) {
  // An earlier case may have just restarted an instance: both in the balance before the first goes.
  for (let i = 0; i < cluster.apps.length; i += 1) await waitFor(() => cluster.backendHealthy(i), `Varnish to call instance ${i} healthy`, 30_000);
  const stock = 5_000;
  const productId = await stockProduct(cluster, stock);
  // Anonymous reads (Varnish's cache, refreshed from the instances every 5 s), reads past it (a session cookie:
  // each reaches an instance) and orders, in a fixed pattern of ten beats; 40 beats a second.
  const read = (cookie) => request(`${cluster.front}/api/products/top`, cookie ? { headers: { Cookie: "__session=rolling" } } : {});
  const order = () => request(`${cluster.front}/api/orders`, { method: "POST", headers: json, body: orderBody(productId, "M") });
  const beat = (n) => ["read", "read", "session read", "read", "read", "order", "read", "read", "session read", "read"][n % 10];
  const results = [];
  const inFlight = new Set();
  let stopping = false;
  let skipped = 0;
  const t0 = Date.now();
  const pace = (async () => {
    for (let n = 0; !stopping; n += 1) {
      // At most 60 open at once: a slow moment on a loaded machine skips a beat rather than piling up.
      if (inFlight.size >= 60) skipped += 1;
      else {
        const kind = beat(n);
        const p = (kind === "order" ? order() : read(kind === "session read")).then((r) => {
          // Who answered a failure: the app's answers carry its CSP, Varnish's own (no instance to ask) do not.
          const by = r.headers?.get("content-security-policy") ? "app" : "varnish";
          results.push({ kind, status: r.status, by, at: Math.floor((Date.now() - t0) / 1000) });
          inFlight.delete(p);
        });
        inFlight.add(p);
      }
      await sleep(25);
    }
  })();
  try {
    await sleep(2_000);
    await rollingRestart(cluster, { log: (m) => say(`${m} (+${((Date.now() - t0) / 1000).toFixed(1)} s)`) });
    await sleep(2_000);
  } finally {
    stopping = true;
    await pace;
    await Promise.all(inFlight);
  }
  const ok = (r) => r.status === (r.kind === "order" ? 201 : 200);
  const failed = results.filter((r) => !ok(r));
  const orders = results.filter((r) => r.kind === "order");
  assert.ok(orders.length >= 50 && results.length >= 200, `too little load: ${results.length} requests, ${orders.length} orders`);
  // Failures by second and by who answered, e.g. "+7 s: 12 order 503 (varnish)".
  const summary = Object.entries(
    failed.reduce((acc, r) => ({ ...acc, [`+${r.at} s: ${r.kind} ${r.status} (${r.by})`]: (acc[`+${r.at} s: ${r.kind} ${r.status} (${r.by})`] ?? 0) + 1 }), {}),
  ).map(([what, n]) => `${n} × ${what}`);
  assert.equal(failed.length, 0, `${failed.length} of ${results.length} requests failed during the rolling restart:\n${summary.join("\n")}`);
  const { left, sold } = await soldAndLeft(cluster, productId);
  assert.deepEqual({ left, sold }, { left: stock - orders.length, sold: orders.length }, "stock + ordered = initial, one order per 201");
  say(`rolling restart under load: ${results.length} requests (${orders.length} orders), 0 failed; ${skipped} beats skipped`);
}
