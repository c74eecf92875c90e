// `npm run bench [-- --products 1000|10000|100000 --seconds 4 --rounds 3]`:
// the shop against a bare node:http + pg "floor" (bench/floor.mjs) on one
// embedded PostgreSQL, alternating A B A B so both see the same noise; then
// orders/s with an exact stock check, page weight, the SQL each request sends
// (with EXPLAIN ANALYZE) and a CPU profile of the shop under load. Writes its
// catalogue size's section of bench/history/<date>.md. Never part of `npm test`.
// On a shared machine absolute numbers drift; the shop/floor ratio and the
// CPU per request are what to compare between runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";

import { KEYWORD, growCatalogue } from "./lib/catalogue.mjs";
import { capturedSince, explain, orderThroughput, pageWeight } from "./lib/extras.mjs";
import { compare, hit } from "./lib/load.mjs";
import { getJson, pgVersionOf, postmasterOf, shopperWithCart, signedInShopper, startNode } from "./lib/processes.mjs";
import { analyseProfile } from "./lib/profile.mjs";
import { TARGETS } from "./lib/targets.mjs";
import { markdown, printTable, writeSection } from "./lib/report.mjs";
import { createDatabase, databaseExists, LOOSE_LIMITS, migrate, run, seedDemo, setShopSettings } from "../scripts/db-tasks.mjs";
import { startEmbedded, tempDataDir, withDatabase } from "../scripts/pg.mjs";
import { mergeChunks } from "../scripts/merge-chunks.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

// `--cluster`: the multi-instance topology instead (bench/cluster-run.mjs).
if (process.argv.includes("--cluster")) {
  await import("./cluster-run.mjs");
  await new Promise(() => {}); // it exits by itself
}

const { values: opt } = parseArgs({
  options: {
    products: { type: "string", default: "1000" },
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "3" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "32" },
    "profile-seconds": { type: "string", default: "2" },
    only: { type: "string" }, // a substring of target names: measure just those, write nothing
    "no-build": { type: "boolean", default: false },
    "no-extras": { type: "boolean", default: false }, // skip orders, page weight, SQL capture and profile
    "no-write": { type: "boolean", default: false },
    // Keep the database in .tmp/bench-pg and reuse a seeded catalogue of the same size (for iterating).
    reuse: { type: "boolean", default: false },
    "shop-port": { type: "string", default: process.env.BENCH_PORT ?? "4211" },
    // The day's history file: bench/results.md is the short current page, written by hand.
    out: { type: "string", default: path.join(root, "bench", "history", `${new Date().toISOString().slice(0, 10)}.md`) },
  },
});
const num = (k) => Number(opt[k]);
const started = Date.now();
const log = (...a) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s]`, ...a);

/**
 * The floor must give the same JSON as the shop, or the comparison means
 * nothing: a difference stops the run. Keyword search is the exception: the
 * shop's search may be smarter than the floor's ILIKE (stemming, typo
 * correction), so a difference there is reported, not fatal.
 */
async function checkSameAnswers(shop, floor, paths) {
  const caveats = [];
  for (const p of paths) {
    const [a, b] = await Promise.all([getJson(shop.port, p), getJson(floor.port, p)]);
    if (a.status === 200 && isDeepStrictEqual(a.body, b.body)) continue;
    const detail = `shop and floor disagree on ${p} (${a.status}/${b.status}):\nshop:  ${JSON.stringify(a.body).slice(0, 600)}\nfloor: ${JSON.stringify(b.body).slice(0, 600)}`;
    if (a.status === 200 && p.includes("keyword=")) {
      console.warn(detail);
      caveats.push(
        `The floor's keyword match (ILIKE on name and brand) finds other products than the shop's search for \`${p}\`: the search rows compare unlike work.`,
      );
      continue;
    }
    console.error(detail);
    throw new Error("The floor no longer answers like the shop: fix bench/floor.mjs before comparing.");
  }
  log(`floor and shop compared on ${paths.length} requests${caveats.length ? ` (${caveats.length} keyword differences)` : ", identical JSON"}`);
  return caveats;
}

async function sqlPerRequest(url, shopEnv, targets, ctx) {
  const file = path.join(os.tmpdir(), `bench-sql-${process.pid}.jsonl`);
  fs.rmSync(file, { force: true });
  const shop = await startNode(["--import", "./bench/capture-sql.mjs", "server.js"], { ...shopEnv, BENCH_SQL_LOG: file }, num("shop-port") + 2);
  const out = [];
  try {
    for (const t of targets) await fetch(`http://127.0.0.1:${shop.port}${t.path(ctx)}`); // caches and pools warm
    let offset = capturedSince(file, 0).offset;
    for (const t of targets) {
      await (await fetch(`http://127.0.0.1:${shop.port}${t.path(ctx)}`)).arrayBuffer();
      const got = capturedSince(file, offset);
      offset = got.offset;
      const reads = got.statements.filter((s) => /^\s*(SELECT|WITH)\b/i.test(s.text));
      const seen = new Set();
      const plans = [];
      for (const s of reads) {
        if (seen.has(s.text)) continue;
        seen.add(s.text);
        plans.push({ text: s.text, plan: await explain(url, s) });
      }
      out.push({ name: t.name, count: got.statements.length, plans });
    }
  } finally {
    await shop.stop();
    fs.rmSync(file, { force: true });
  }
  return out;
}

async function cpuProfile(shopEnv, targets, ctx) {
  const kept = path.join(root, "bench", `shop-${ctx.products}.cpuprofile`); // open in Chrome DevTools; not committed
  fs.rmSync(kept, { force: true });
  const shop = await startNode(["bench/profiled-shop.mjs"], { ...shopEnv, BENCH_PROFILE: kept }, num("shop-port") + 3);
  let requests = 0;
  const seconds = num("profile-seconds");
  try {
    for (const t of targets) await hit({ port: shop.port, path: t.path(ctx), seconds: 0.5, connections: num("connections") });
    const sampling = new Promise((resolve) => shop.child.stdout.on("data", (d) => String(d).includes("profiling") && resolve()));
    shop.child.kill("SIGUSR2");
    await sampling;
    for (const t of targets) requests += (await hit({ port: shop.port, path: t.path(ctx), seconds, connections: num("connections") })).requests.total;
  } finally {
    await shop.stop();
  }
  if (!fs.existsSync(kept)) return null;
  return {
    ...analyseProfile(kept),
    requests,
    note: `steady state after warm-up, every request above for ${seconds} s each; full profile in bench/${path.basename(kept)}`,
  };
}

async function main() {
  const targets = TARGETS.filter((t) => !opt.only || t.name.includes(opt.only));
  if (!opt["no-build"]) {
    log("building");
    await run(path.join(root, "node_modules", ".bin", "remix"), ["build"], { NODE_ENV: "production" }, { quiet: true });
    await mergeChunks({ quiet: true }); // fewer, larger scripts (decision 083)
  }
  let embedded = null;
  let scratch = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = opt.reuse
      ? await startEmbedded({ dataDir: path.join(root, ".tmp", "bench-pg"), persistent: true })
      : await startEmbedded({ dataDir: path.join((scratch = tempDataDir("shop-bench")), "pg"), persistent: false });
    adminUrl = embedded.url;
  }
  const servers = [];
  // Ctrl-C or a kill leaves no servers or database behind.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await embedded?.stop();
      process.exit(130);
    });
  }
  try {
    const db = opt.reuse ? `shop_bench_${num("products")}` : `shop_bench_${process.pid}`;
    const url = withDatabase(adminUrl, db);
    const reused = opt.reuse && (await databaseExists(adminUrl, db));
    if (!reused) {
      await createDatabase(adminUrl, db, { replace: true });
      log("migrating and seeding the demo");
      await migrate(url);
      await seedDemo(url);
    } else await migrate(url);
    // The order benchmark is one client placing thousands of orders: loose limits, the real code path.
    await setShopSettings(url, LOOSE_LIMITS);
    log(`growing the catalogue to ${num("products")} products`);
    const cat = await growCatalogue(url, num("products"));
    const shopEnv = { DATABASE_URL: url, NODE_ENV: "production", SESSION_SECRET: "bench-session-secret-0123456789abcdef", COOKIE_SECURE: "false" };
    const floor = await startNode(["bench/floor.mjs"], { DATABASE_URL: url }, num("shop-port") + 1, { echo: Boolean(opt.only) });
    servers.push(floor);
    const shop = await startNode(["server.js"], shopEnv, num("shop-port"), { echo: Boolean(opt.only) });
    servers.push(shop);
    const uncached = await startNode(["server.js"], { ...shopEnv, PAGE_CACHE: "off" }, num("shop-port") + 4);
    servers.push(uncached);
    const first = await getJson(shop.port, "/api/products");
    // A misspelling one letter off, and the first letters as typed into the search box.
    const ctx = { ...cat, keyword: KEYWORD, typo: `${KEYWORD.slice(0, -2)}e${KEYWORD.slice(-1)}`, prefix: KEYWORD.slice(0, 3), lastPage: first.body.pages };
    const caveats = await checkSameAnswers(shop, floor, [
      "/api/products?pageNumber=2",
      `/api/products?pageNumber=${ctx.lastPage}`,
      `/api/products?keyword=${KEYWORD}`,
      `/api/products?keyword=${KEYWORD}&pageNumber=2`,
      ...cat.checkIds.map((id) => `/api/products/${id}`),
    ]);
    const postmasterPid = await postmasterOf(url);
    const common = { seconds: num("seconds"), rounds: num("rounds"), warmup: num("warmup"), connections: num("connections"), postmasterPid };
    const cartCookie = await shopperWithCart(shop.port, ctx.productId);
    const signedInCookie = await shopperWithCart(shop.port, ctx.productId, await signedInShopper(shop.port));
    const cookies = { cart: cartCookie, signedIn: signedInCookie };
    const results = [];
    for (const target of targets) {
      log(`${target.name} (${target.path(ctx)})`);
      const server = target.server === "uncached" ? uncached : shop;
      const headers = target.cookie ? { cookie: cookies[target.cookie] } : {};
      results.push({
        target,
        ...(await compare({ shop: server, floor, path: target.path(ctx), floorPath: (target.floorPath ?? target.path)(ctx), headers, ...common })),
      });
    }
    // A sale-day crowd: the anonymous pages, warm in the cache, at 256 connections (issue 21: 0 errors, p99 < 250 ms).
    const crowd = [];
    for (const target of targets.filter((t) => t.kind === "cached")) {
      const r = await hit({ port: shop.port, path: target.path(ctx), seconds: num("seconds"), connections: 256 });
      crowd.push({ name: target.name, rps: r.requests.total / num("seconds"), p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts });
    }
    await Promise.all(servers.map((s) => s.stop()));
    servers.length = 0;
    let extras = { crowd };
    if (!opt["no-extras"]) {
      log("SQL per request, then a CPU profile of the shop");
      // Both with the page cache off: a HIT sends no SQL and renders nothing, so
      // the statements and the profile are those of a rendered page.
      const rendered = targets.filter((t) => !t.server && !t.cookie);
      const renderEnv = { ...shopEnv, PAGE_CACHE: "off" };
      const sql = await sqlPerRequest(url, renderEnv, rendered, ctx);
      const profile = await cpuProfile(renderEnv, rendered, ctx);
      const orderShop = await startNode(["server.js"], shopEnv, num("shop-port"), { echo: Boolean(opt.only) });
      servers.push(orderShop);
      log("page weight and orders");
      const weight = await pageWeight(orderShop.port);
      const orders = await orderThroughput({
        url,
        port: orderShop.port,
        pid: orderShop.pid,
        productId: cat.productId,
        seconds: num("seconds"),
        connections: num("connections"),
        stock: 1_000_000,
      });
      const contention = {
        seconds: 2,
        ...(await orderThroughput({
          url,
          port: orderShop.port,
          pid: orderShop.pid,
          productId: cat.checkIds[1] ?? cat.productId,
          seconds: 2,
          connections: num("connections"),
          stock: 40,
        })),
      };
      extras = { ...extras, sql, profile, weight, orders, contention };
    }
    const pgVersion = await pgVersionOf(url);
    const meta = {
      date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      nproc: os.availableParallelism(),
      node: process.version,
      postgres: pgVersion,
      products: cat.products,
      matches: cat.matches,
      keyword: KEYWORD,
      lastPage: ctx.lastPage,
      connections: num("connections"),
      rounds: num("rounds"),
      seconds: num("seconds"),
      warmup: num("warmup"),
      command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim(),
      elapsed: ((Date.now() - started) / 1000).toFixed(0),
      caveats,
    };
    console.log("");
    printTable(results);
    const md = markdown({ meta, results, ...extras });
    if (!opt.only && !opt["no-write"]) {
      writeSection(opt.out, num("products"), md);
      log(`wrote ${path.relative(root, opt.out)}`);
    } else {
      console.log(`\n${md}`);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await embedded?.stop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
