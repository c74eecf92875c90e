// The benchmark's other measurements: order throughput with an exact stock
// check, page weight (HTML, JavaScript, product-card picture), and the SQL
// each request sends with its EXPLAIN ANALYZE.
import fs from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";

import autocannon from "autocannon";
import pg from "pg";

import { cpuMs } from "./load.mjs";

async function sql(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function fetchText(port, path, headers = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * Guest orders of one unit, 32 at a time, for `seconds`, on a size holding
 * `stock`; afterwards the size's stock plus what the orders took must equal
 * what it held, and it must never go below zero.
 */
export async function orderThroughput({ url, port, pid, productId, seconds, connections, stock }) {
  const [size] = await sql(url, `SELECT size FROM "ProductSize" WHERE "productId" = $1 ORDER BY position LIMIT 1`, [productId]);
  await sql(url, `UPDATE "ProductSize" SET quantity = $3 WHERE "productId" = $1 AND size = $2`, [productId, size.size, stock]);
  const [{ n: before }] = await sql(url, `SELECT coalesce(sum(qty), 0)::int AS n FROM "OrderItem" WHERE "productId" = $1`, [productId]);
  const body = JSON.stringify({
    orderItems: [{ product: productId, qty: 1, selectedSize: size.size }],
    shippingAddress: { address: "12 Road 5, Dhanmondi", city: "Dhaka", postalCode: "1205", phone: "01700000000" },
    paymentMethod: "Cash on Delivery",
    name: "Bench Shopper",
    email: "bench@example.com",
  });
  const cpu0 = cpuMs(pid);
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/api/orders`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections,
    duration: seconds,
  });
  await new Promise((resolve) => setTimeout(resolve, 1000)); // orders still in flight when the clock stopped
  const cpu = cpuMs(pid) - cpu0;
  const [{ left, after }] = await sql(
    url,
    `SELECT (SELECT quantity FROM "ProductSize" WHERE "productId" = $1 AND size = $2) AS "left",
            (SELECT coalesce(sum(qty), 0)::int FROM "OrderItem" WHERE "productId" = $1) AS after`,
    [productId, size.size],
  );
  const ordered = after - before;
  return {
    ordersPerSecond: r["2xx"] / seconds,
    cpuPerOrder: cpu / Math.max(1, after - before),
    created: r["2xx"],
    refused: r.non2xx,
    errors: r.errors + r.timeouts,
    p99: r.latency.p99,
    stockExact: left + ordered === stock && left >= 0,
    stock,
    left,
    ordered,
  };
}

/** Bytes as they travel (fetch would decompress them). */
function sentBytes(port, path, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { "accept-encoding": encoding } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] ?? "identity" }));
      })
      .on("error", reject);
  });
}

/** Home's HTML and the address of every script and modulepreload it loads. */
export async function homeScripts(port) {
  const raw = await fetchText(port, "/");
  const html = raw.body.toString("utf8");
  const scripts = new Set();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) scripts.add(m[1]);
  // x-modulepreload: the same links, turned on after the page's load event (app/web/scripts-after-load.server.ts).
  for (const m of html.matchAll(/<link[^>]*rel="(?:x-)?modulepreload"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="(?:x-)?modulepreload"/g)) {
    scripts.add(m[1] ?? m[2]);
  }
  return { raw, html, scripts };
}

/** HTML bytes of home, the gzip bytes of every script it loads, and one product-card picture. */
export async function pageWeight(port) {
  const { raw, html, scripts } = await homeScripts(port);
  const sent = await sentBytes(port, "/", "gzip, deflate, br");
  const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  let jsGzip = 0;
  for (const src of scripts) jsGzip += gzipSync((await fetchText(port, src)).body).length;
  const picture = /<img[^>]*\ssrc="(\/images\/[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  const image = picture ? await fetchText(port, picture) : null;
  return {
    htmlBytes: raw.body.length,
    htmlSentBytes: sent.bytes,
    htmlEncoding: sent.encoding,
    scripts: scripts.size,
    jsGzipBytes: jsGzip,
    inlineScriptGzipBytes: gzipSync(inline).length,
    image: image ? { path: picture, bytes: image.body.length, type: image.type } : null,
  };
}

/** Statements logged by bench/capture-sql.mjs between two offsets of the log. */
export function capturedSince(log, offset) {
  const text = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
  const lines = text
    .slice(offset)
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  return { statements: lines, offset: text.length };
}

/** EXPLAIN ANALYZE of a read statement, with the parameters it was sent with. */
export async function explain(url, { text, values }) {
  if (!/^\s*(SELECT|WITH)\b/i.test(text)) return null;
  const rows = await sql(url, `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${text}`, values);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}
