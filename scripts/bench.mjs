// `npm run bench`: a bounded load run against the production build on
// loopback, reporting throughput and latency per endpoint. Numbers are for
// comparing runs on the same machine, not absolute promises (shared, noisy
// machines: compare ratios from one run). Never part of `npm test`.
import http from "node:http";
import path from "node:path";

import { createDatabase, migrate, run, seedDemo } from "./db-tasks.mjs";
import { startEmbedded, tempDataDir, withDatabase } from "./pg.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const targets = [
  ["home page", "/"],
  ["category page", "/category/2"],
  ["search page", "/search/panjabi"],
  ["product page", "/product/2"],
  ["cart page (empty)", "/cart"],
  ["GET /api/products", "/api/products?pageNumber=2"],
  ["GET /api/products?keyword", "/api/products?keyword=cotton"],
  ["GET /api/products/:id", "/api/products/2"],
  // Catalogue search (docs/decisions/014-catalogue-search.md): typo correction, suggestions, a filtered sort.
  ["search page (typo)", "/search/panjbi"],
  ["GET /api/products/suggest", "/api/products/suggest?q=pan"],
  ["category page, filtered, by price", "/category/2?sort=price-asc&size=M"],
];

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

// Like a browser, ask for compressed bodies: compression is part of the cost being measured.
function get(port, url, { encoding = "gzip, br" } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const headers = encoding ? { "Accept-Encoding": encoding } : {};
    http
      .get({ host: "127.0.0.1", port, path: url, agent, headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () =>
          resolve({ status: res.statusCode, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
      })
      .on("error", reject);
  });
}

/** Body size as sent (compressed) and as the browser parses it, in KB. */
async function sizes(port, url) {
  const [sent, raw] = await Promise.all([get(port, url), get(port, url, { encoding: null })]);
  return { sentKb: (sent.bytes / 1024).toFixed(1), rawKb: (raw.bytes / 1024).toFixed(1) };
}

async function load(port, url) {
  const deadline = Date.now() + seconds * 1000;
  const latencies = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const { status, ms } = await get(port, url);
        if (status !== 200) errors++;
        latencies.push(ms);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
  return { rps: (latencies.length / seconds).toFixed(0), p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), errors };
}

async function main() {
  await run(path.join(root, "node_modules", ".bin", "remix"), ["build"], { NODE_ENV: "production" }, { quiet: true });
  let embedded = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbedded({ dataDir: path.join(tempDataDir("shop-bench"), "pg"), persistent: false });
    adminUrl = embedded.url;
  }
  const db = `shop_bench_${process.pid}`;
  await createDatabase(adminUrl, db, { replace: true });
  const url = withDatabase(adminUrl, db);
  await migrate(url);
  await seedDemo(url);
  Object.assign(process.env, { DATABASE_URL: url, NODE_ENV: "production", SESSION_SECRET: "bench", COOKIE_SECURE: "false" });
  const { startServer } = await import("../server.js");
  const server = await startServer({ port: 0, host: "127.0.0.1" });
  const { port } = server.address();
  try {
    // A stored product picture (the small variant a product card loads), found on the home page.
    const home = await new Promise((resolve, reject) =>
      http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
        let html = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (html += chunk));
        res.on("end", () => resolve(html));
      }).on("error", reject),
    );
    const picture = /\/images\/[\w-]+\?w=400/.exec(home)?.[0];
    if (picture) targets.push(["product picture (400 px)", picture]);
    for (const [, target] of targets) await get(port, target); // warm up
    console.log(`${seconds}s per endpoint, ${concurrency} concurrent connections (BENCH_SECONDS, BENCH_CONCURRENCY)\n`);
    const columns = [["endpoint", 28], ["req/s", 7], ["p50 ms", 8], ["p95 ms", 8], ["p99 ms", 8], ["non-200", 8], ["KB sent", 8], ["KB raw", 8]];
    const row = (cells) => console.log(cells.map((c, i) => (i === 0 ? String(c).padEnd(columns[i][1]) : String(c).padStart(columns[i][1]))).join(" "));
    row(columns.map(([title]) => title));
    for (const [name, target] of targets) {
      const r = await load(port, target);
      const s = await sizes(port, target);
      row([name, r.rps, r.p50, r.p95, r.p99, r.errors, s.sentKb, s.rawKb]);
    }
  } finally {
    agent.destroy();
    server.close();
    await embedded?.stop();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
