// `node bench/variants.mjs [--no-build] [--seconds 3 --rounds 3]`: issue 38's variant benches.
// 1. Search and category at 1k and 100k products, each generated product in 3 colours × 5 sizes,
//    shop and floor (bench/floor.mjs) in turns with medians, as bench/run.mjs measures them.
// 2. Migration 20261202000000_variants timed on a 100k catalogue with orders, in a database built
//    by the migrations before it (the shape a shop had when it ran).
// Prints a markdown table to paste into bench/results.md. Never part of `npm test`.
// `--keep`: build each size's catalogue, print its DATABASE_URL and wait (Ctrl-C ends it) instead of
// measuring, so a slow query can be EXPLAINed with psql, or a shop started, against the same data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import pg from "pg";

import { KEYWORD, growCatalogue } from "./lib/catalogue.mjs";
import { compare } from "./lib/load.mjs";
import { getJson, postmasterOf, startNode } from "./lib/processes.mjs";
import { createDatabase, LOOSE_LIMITS, migrate, run, seedDemo, setShopSettings } from "../scripts/db-tasks.mjs";
import { startEmbedded, tempDataDir, withDatabase } from "../scripts/pg.mjs";
import { mergeChunks } from "../scripts/merge-chunks.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values: opt } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    sizes: { type: "string", default: "1000,100000" },
    "no-build": { type: "boolean", default: false },
    "no-migration": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    "shop-port": { type: "string", default: process.env.BENCH_PORT ?? "4231" },
  },
});
const started = Date.now();
const log = (...a) => console.log(`[variants ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s]`, ...a);

const COLOURS = [
  ["Navy", "নেভি", "#1f3a5f"],
  ["Maroon", "মেরুন", "#7a1f2b"],
  ["Off-white", "অফ-হোয়াইট", "#f4efe1"],
];
const SIZES = ["S", "M", "L", "XL", "XXL"];

/** The generated products (the demo's keep theirs) become 3 colours × 5 sizes, some sold out. */
async function colourEverything(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const {
      rows: [{ max }],
    } = await c.query(`SELECT coalesce(max("productId"), 0) AS max FROM "ProductColor"`);
    await c.query(`DELETE FROM "ProductSize" WHERE "productId" > $1`, [max]);
    await c.query(
      `INSERT INTO "ProductColor" ("productId", name, "nameBn", hex, position)
       SELECT p.id, k.name, k.bn, k.hex, k.pos FROM "Product" p
         CROSS JOIN unnest($2::text[], $3::text[], $4::text[], $5::int[]) k(name, bn, hex, pos) WHERE p.id > $1`,
      [max, ...[0, 1, 2].map((i) => COLOURS.map((k) => k[i])), [0, 1, 2]],
    );
    await c.query(
      `INSERT INTO "ProductSize" ("productId", "colorId", size, quantity, position)
       SELECT k."productId", k.id, s.size, CASE WHEN (k.id + s.pos) % 13 = 0 THEN 0 ELSE (k.id * 7 + s.pos) % 25 + 1 END, s.pos
         FROM "ProductColor" k CROSS JOIN unnest($2::text[], $3::int[]) s(size, pos) WHERE k."productId" > $1`,
      [max, SIZES, SIZES.map((_, i) => i)],
    );
    await c.query("VACUUM (ANALYZE)");
    const { rows } = await c.query(`SELECT (SELECT count(*) FROM "Product")::int AS products, (SELECT count(*) FROM "ProductSize")::int AS variants`);
    return rows[0];
  } finally {
    await c.end();
  }
}

const TARGETS = [
  { name: "GET /api/products?keyword=kw", path: () => `/api/products?keyword=${KEYWORD}` },
  { name: "GET /api/products?pageNumber=2", path: () => "/api/products?pageNumber=2" },
  { name: "GET /search/kw", path: () => `/search/${KEYWORD}` },
  { name: "GET /category/id", path: (c) => `/category/${c.categoryId}` },
  { name: "GET /search/kw · cache off", path: () => `/search/${KEYWORD}`, uncached: true },
  { name: "GET /category/id · cache off", path: (c) => `/category/${c.categoryId}`, uncached: true },
  {
    name: "GET /category/id?color=Navy · cache off",
    path: (c) => `/category/${c.categoryId}?color=Navy`,
    floorPath: (c) => `/category/${c.categoryId}`,
    uncached: true,
  },
];

async function measure(adminUrl, products) {
  const url = withDatabase(adminUrl, `variants_${products}`);
  await createDatabase(adminUrl, `variants_${products}`, { replace: true });
  await migrate(url);
  await seedDemo(url);
  await setShopSettings(url, LOOSE_LIMITS);
  log(`growing to ${products} products`);
  const cat = await growCatalogue(url, products);
  const counted = await colourEverything(url);
  log(`${counted.products} products, ${counted.variants} variants`);
  if (opt.keep) {
    console.log(`${products}: DATABASE_URL=${url}`);
    return null;
  }
  const port = Number(opt["shop-port"]);
  const env = { DATABASE_URL: url, NODE_ENV: "production", SESSION_SECRET: "bench-session-secret-0123456789abcdef", COOKIE_SECURE: "false" };
  const servers = [
    await startNode(["bench/floor.mjs"], { DATABASE_URL: url }, port + 1),
    await startNode(["server.js"], env, port),
    await startNode(["server.js"], { ...env, PAGE_CACHE: "off" }, port + 4),
  ];
  const [floor, shop, uncached] = servers;
  try {
    // A cold 100k catalogue on a loaded machine can miss the 2 s request deadline at first: warm up until it answers.
    for (let i = 0; ; i++) {
      const probe = await getJson(shop.port, `/api/products?keyword=${KEYWORD}`);
      if (probe.status === 200) break;
      if (i === 30) throw new Error(`the search API answered ${probe.status}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    const common = {
      seconds: Number(opt.seconds),
      rounds: Number(opt.rounds),
      warmup: 1,
      connections: Number(opt.connections),
      postmasterPid: await postmasterOf(url),
    };
    const out = {};
    for (const t of TARGETS) {
      log(`${products}: ${t.name}`);
      const server = t.uncached ? uncached : shop;
      out[t.name] = await compare({ shop: server, floor, path: t.path(cat), floorPath: (t.floorPath ?? t.path)(cat), ...common });
    }
    return { ...counted, matches: cat.matches, results: out };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** The variants migration on 100k products with 5 sizes each and 20k orders, built by the migrations before it. */
async function timeMigration(adminUrl) {
  const dir = path.join(root, "prisma", "migrations");
  const VARIANTS = "20261202000000_variants";
  const url = withDatabase(adminUrl, "variants_migration");
  await createDatabase(adminUrl, "variants_migration", { replace: true });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const m of fs
      .readdirSync(dir)
      .filter((m) => /^\d{14}_/.test(m) && m < VARIANTS)
      .sort()) {
      await c.query(fs.readFileSync(path.join(dir, m, "migration.sql"), "utf8"));
    }
    await c.query(`INSERT INTO "Category" (id, name) VALUES (2, 'Panjabi') ON CONFLICT DO NOTHING`);
    await c.query(`INSERT INTO "Product" (name, "pricePaisa", image, brand, "categoryId", description, "updatedAt")
                   SELECT 'Panjabi ' || i, 250000 + i, '/p.jpg', 'Aarong', 2, '', now() FROM generate_series(1, 100000) i`);
    await c.query(
      `INSERT INTO "ProductSize" ("productId", size, quantity, position)
                   SELECT p.id, s.size, (p.id + s.pos) % 20, s.pos FROM "Product" p CROSS JOIN unnest($1::text[], $2::int[]) s(size, pos)`,
      [SIZES, SIZES.map((_, i) => i)],
    );
    await c.query(`INSERT INTO "Order" (id, "shippingName", "shippingEmail", address, city, "postalCode", phone, "itemsPaisa", "shippingPaisa", "taxPaisa", "totalPaisa")
                   SELECT md5(i::text)::uuid, 'Karim', 'k@example.com', 'Road 5', 'Dhaka', '1205', '01711000000', 500000, 0, 0, 500000
                     FROM generate_series(1, 20000) i`);
    await c.query(`INSERT INTO "OrderItem" ("orderId", "productId", name, image, "pricePaisa", qty, "selectedSize")
                   SELECT md5(i::text)::uuid, 1 + (i * 37 + k) % 100000, 'Panjabi', '/p.jpg', 250000, 1, 'M'
                     FROM generate_series(1, 20000) i CROSS JOIN generate_series(0, 1) k`);
    await c.query("VACUUM (ANALYZE)");
    const { rows } = await c.query(
      `SELECT (SELECT count(*) FROM "Product")::int AS products, (SELECT count(*) FROM "ProductSize")::int AS sizes,
              (SELECT count(*) FROM "Order")::int AS orders, (SELECT count(*) FROM "OrderItem")::int AS items`,
    );
    const times = [];
    // Three runs, each rolled back, so the median is not one lucky or unlucky moment of a shared machine.
    for (let i = 0; i < 3; i++) {
      await c.query("BEGIN");
      const t0 = process.hrtime.bigint();
      await c.query(fs.readFileSync(path.join(dir, VARIANTS, "migration.sql"), "utf8"));
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      await c.query("ROLLBACK");
    }
    return { ...rows[0], times };
  } finally {
    await c.end();
  }
}

const fmt = (n) => Math.round(n).toString();

async function main() {
  if (!opt["no-build"]) {
    log("building");
    await run(path.join(root, "node_modules", ".bin", "remix"), ["build"], { NODE_ENV: "production" }, { quiet: true });
    await mergeChunks({ quiet: true });
  }
  const scratch = tempDataDir("variants-bench");
  const embedded = await startEmbedded({ dataDir: path.join(scratch, "pg"), persistent: false });
  try {
    const load = [os.loadavg()[0]];
    const sizes = opt.sizes.split(",").map(Number);
    // The migration first and each size's figures as they come, so a run cut short still leaves its figures.
    const migration = opt["no-migration"] ? null : await timeMigration(embedded.url);
    if (migration) console.log(`migration: ${JSON.stringify(migration)}`);
    load.push(os.loadavg()[0]);
    const by = {};
    for (const n of sizes) {
      by[n] = await measure(embedded.url, n);
      if (opt.keep) continue;
      console.log(`${n}: ${JSON.stringify(by[n])} (load ${os.loadavg()[0].toFixed(1)})`);
    }
    if (opt.keep) {
      log("kept: Ctrl-C stops PostgreSQL and removes its data");
      await new Promise((resolve) => ["SIGINT", "SIGTERM"].forEach((sig) => process.once(sig, resolve)));
      return;
    }
    load.push(os.loadavg()[0]);
    const [small, big] = sizes.map((n) => by[n]);
    console.log(`\nload average (1 min) at start, after the migration, after pages: ${load.map((l) => l.toFixed(1)).join(", ")}`);
    console.log(`catalogues: ${sizes.map((n) => `${by[n].products} products / ${by[n].variants} variants / ${by[n].matches} "${KEYWORD}"`).join("; ")}\n`);
    console.log(`| request | ${sizes.map((n) => `${n / 1000}k shop req/s (floor), p99 ms`).join(" | ")} | 100k vs 1k |`);
    console.log(`|---|${sizes.map(() => "---:").join("|")}|---:|`);
    for (const t of TARGETS) {
      const cells = sizes.map((n) => {
        const r = by[n].results[t.name];
        return `${fmt(r.shop.rps)} (${fmt(r.floor.rps)}), ${r.shop.p99}`;
      });
      const ratio = big ? small.results[t.name].shop.rps / big.results[t.name].shop.rps : NaN;
      console.log(`| \`${t.name}\` | ${cells.join(" | ")} | ${ratio.toFixed(2)}× |`);
    }
    if (migration) {
      const sorted = [...migration.times].sort((a, b) => a - b);
      console.log(
        `\nmigration ${"20261202000000_variants"} on ${migration.products} products, ${migration.sizes} sizes, ${migration.orders} orders, ${migration.items} items: ` +
          `${sorted.map((t) => t.toFixed(0)).join(", ")} ms (median ${sorted[1].toFixed(0)} ms)`,
      );
    }
  } finally {
    await embedded.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
