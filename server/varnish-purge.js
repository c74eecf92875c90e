// Bans what an admin write changed from Varnish in front of the instances
// (deploy/varnish/shop.vcl), by the same cache tags the shop's own page cache
// uses: "product:12", "category:3", or "catalogue" for everything. Sent by the
// instance that made the write, once; set VARNISH_URL to turn it on (several
// Varnish servers: a comma-separated list). A failure is logged and never
// fails the write: Varnish's entries still expire after s-maxage (5 s).
import http from "node:http";

const TAG = /^[a-z]+(:\d+)?$/;

/**
 * A function that bans `tags` on every Varnish in `urls`; resolves when all have answered or failed.
 * @param {string | undefined} [urls]
 * @returns {((tags: readonly string[]) => Promise<void>) | null}
 */
export function createVarnishPurger(urls = process.env.VARNISH_URL) {
  const targets = (urls ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => new URL(u));
  if (targets.length === 0) return null;
  return async function purge(tags) {
    const safe = tags.filter((t) => TAG.test(t));
    if (safe.length === 0) return;
    // Every cached page carries "catalogue": banning it bans everything.
    const header = safe.includes("catalogue") ? "catalogue" : safe.join("|");
    await Promise.all(targets.map((target) => ban(target, header)));
  };
}

/**
 * @param {URL} target
 * @param {string} tags
 * @returns {Promise<void>}
 */
function ban(target, tags) {
  return new Promise((resolve) => {
    const req = http.request(
      { host: target.hostname, port: target.port || 80, path: "/", method: "BAN", headers: { "X-Cache-Tags": tags }, timeout: 2_000 },
      (res) => {
        res.resume();
        if (res.statusCode !== 200) console.error(`varnish ban ${tags} on ${target.host}: ${res.statusCode}`);
        resolve();
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer within 2 s")));
    req.on("error", (error) => {
      console.error(`varnish ban ${tags} on ${target.host} failed: ${error.message}`);
      resolve();
    });
    req.end();
  });
}
