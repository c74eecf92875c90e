// `npm run lighthouse [-- --runs 3 --port 4340 --no-build --only /bn --json out.json]`:
// Lighthouse 12's mobile preset (simulated slow 4G, 4× CPU slowdown, a phone's
// screen) on the storefront a shopper on mobile data meets first: home, a
// product, a category, a search and the Bangla home. The shop is built and
// started as `npm start` would (production, demo catalogue on a throw-away
// embedded PostgreSQL), each page is fetched once so the page cache is warm,
// then every page is audited `runs` times in turns (A B C A B C…, so all see
// the same noise) in a fresh headless Chromium each, and the median of each
// figure is printed as a table. A measurement, not a test: never in `npm test`. On a shared machine check `uptime` first.
// `--load 8` audits with a background load beside it, as a phone is never
// quiet and a shop never idle: autocannon keeps 8 connections busy on a
// category page (the server's CPU) for the whole run (issue 42, decision 098); `--busy 1`, a loop on a core.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import lighthouse from "lighthouse";

import { createDatabase, migrate, query, run, seedDemo, withDeadline } from "../scripts/db-tasks.mjs";
import { freePort, startEmbedded, tempDataDir, withDatabase } from "../scripts/pg.mjs";
import { mergeChunks } from "../scripts/merge-chunks.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values: opt } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: process.env.LIGHTHOUSE_PORT ?? "4340" },
    "no-build": { type: "boolean", default: false },
    only: { type: "string" }, // a substring of the page names: audit just those
    json: { type: "string" }, // also write every run's figures here
    save: { type: "string" }, // a directory for every run's full report (open in the Lighthouse viewer)
    load: { type: "string" }, // connections of background load (autocannon) during the audits
    busy: { type: "string" }, // busy loops beside the audits, a core's worth each (issue 42: "a busy loop on one core")
  },
});

// The same flags as the browser tests (tests/support/chromium.ts, docs: STACK.md).
const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) throw new Error("No Chromium: apt-get install -y chromium, or set CHROMIUM_PATH.");
  return found;
}

const started = Date.now();
const log = (...a) => console.log(`[lighthouse ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s]`, ...a);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

function startShop(env, port) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["server.js"], { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" } });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the shop did not start:\n${out}`)), 60_000);
    const onData = (d) => {
      out += d;
      if (/listening/i.test(out)) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        resolve({ stop: () => stopChild(child) });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`the shop exited (${code}):\n${out}`)));
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    // 10 s to drain (a server's keep-alive sockets, a Chromium on a busy machine), then SIGKILL, and 2 s
    // later it counts as stopped, exit seen or not: the shop's went unseen once and the run hung.
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    const giveUp = setTimeout(resolve, 12_000);
    child.once("exit", () => {
      [kill, giveUp].forEach(clearTimeout);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** autocannon on `url` with `connections` until stopped: a busy server, in a process of its own. */
function backgroundLoad(url, connections) {
  const child = spawn(path.join(root, "node_modules", ".bin", "autocannon"), ["-c", String(connections), "-d", "100000", url], { stdio: "ignore" });
  return { stop: () => stopChild(child) };
}

/** `n` processes that each keep one core busy until stopped: a loaded machine, as a phone is. */
function busyLoops(n) {
  const children = Array.from({ length: n }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  return { stop: () => Promise.all(children.map((child) => stopChild(child))) };
}

/** A headless Chromium with its DevTools port open, on a profile of its own. */
async function startChromium() {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const child = spawn(findChromium(), [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"], {
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop: async () => {
      await stopChild(child);
      // Its helpers can still be writing there a moment after it: retried, and never a failed run.
      fs.rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }, () => {});
    },
  };
}

/** The figures of one Lighthouse run (lhr). */
function figures(lhr) {
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const value = (a) => lhr.audits[a]?.numericValue ?? NaN;
  const scripts = lhr.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script");
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    jsBytes: scripts?.transferSize ?? NaN,
    jsFiles: scripts?.requestCount ?? NaN,
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
    runtimeError: lhr.runtimeError?.code ?? null,
  };
}

// The JavaScript budget (README, issue 42): Lighthouse's script transfer size, what the phone
// downloads (bodies as sent, response headers, the locale chunk), median of the runs. Over it,
// the run exits with status 1. tests/e2e/script-budget.spec.ts holds the home page to it too.
const BUDGET_KB = { "/": 100, "/product/id": 120, "/bn": 100 }; // /bn: the home page in Bangla

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function table(rows) {
  const header = ["page", "perf", "a11y", "best pr.", "SEO", "FCP s", "LCP s", "TBT ms", "CLS", "JS KB", "JS files"];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i ? "---:" : "---")).join("|")}|`];
  for (const { name, m } of rows) {
    lines.push(
      `| \`${name}\` | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${(m.fcp / 1000).toFixed(2)} | ` +
        `${(m.lcp / 1000).toFixed(2)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${(m.jsBytes / 1024).toFixed(1)} | ${m.jsFiles} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  const runs = Number(opt.runs);
  const port = Number(opt.port);
  log(`load average ${load()} on ${os.availableParallelism()} cores`);
  if (!opt["no-build"]) {
    log("building");
    await run(path.join(root, "node_modules", ".bin", "remix"), ["build"], { NODE_ENV: "production" }, { quiet: true });
    await mergeChunks({ quiet: true }); // fewer, larger scripts (decision 083)
  }
  const scratch = tempDataDir("shop-lighthouse");
  const embedded = await startEmbedded({ dataDir: path.join(scratch, "pg"), persistent: false });
  let shop = null;
  let background = null;
  let busy = null;
  const cleanUp = async () => {
    await background?.stop();
    await busy?.stop();
    await shop?.stop();
    // Its stop has hung here; its watchdog stops it once this process is gone.
    await Promise.race([embedded.stop().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => cleanUp().then(() => process.exit(130)));
  try {
    const url = withDatabase(embedded.url, "shop");
    await createDatabase(embedded.url, "shop", { replace: true });
    log("migrating and seeding the demo catalogue");
    await migrate(url);
    await seedDemo(url);
    // The first product and the first category with products, as a shopper would land on them.
    const {
      rows: [product],
    } = await query(url, `SELECT id, "categoryId" FROM "Product" WHERE status = 'active' ORDER BY id LIMIT 1`);
    const category = { id: product.categoryId };
    const pages = [
      { name: "/", path: "/" },
      { name: "/product/id", path: `/product/${product.id}` },
      { name: "/category/id", path: `/category/${category.id}` },
      { name: "/search/panjabi", path: "/search/panjabi" },
      { name: "/bn", path: "/bn" },
    ].filter((p) => !opt.only || p.name.includes(opt.only));
    shop = await startShop(
      { DATABASE_URL: url, NODE_ENV: "production", SESSION_SECRET: "lighthouse-session-secret-0123456789abcdef", COOKIE_SECURE: "false" },
      port,
    );
    const base = `http://127.0.0.1:${port}`;
    for (const p of pages) {
      const res = await fetch(base + p.path);
      if (res.status !== 200) throw new Error(`${p.path} answered ${res.status}`);
      await res.arrayBuffer();
    }
    const results = new Map(pages.map((p) => [p.name, []]));
    background = opt.load ? backgroundLoad(`${base}/category/${category.id}`, Number(opt.load)) : null;
    if (background) log(`background load: ${opt.load} connections on /category/${category.id}`);
    busy = opt.busy ? busyLoops(Number(opt.busy)) : null;
    if (busy) log(`${opt.busy} busy loop(s) beside the audits`);
    for (let r = 1; r <= runs; r++) {
      for (const p of pages) {
        // A run that fails in Chromium (NO_NAVSTART on a busy machine, or no answer in 2 minutes) is tried again, up to twice.
        for (let attempt = 1; ; attempt++) {
          const chromium = await startChromium();
          try {
            const result = await withDeadline(lighthouse(base + p.path, { port: chromium.port, output: "json", logLevel: "error" }), 120_000, "Lighthouse");
            const f = figures(result.lhr);
            if (f.runtimeError) throw new Error(`${p.path}: Lighthouse failed (${f.runtimeError})`);
            results.get(p.name).push(f);
            if (opt.save) {
              fs.mkdirSync(opt.save, { recursive: true });
              fs.writeFileSync(path.join(opt.save, `${p.name.replace(/\W+/g, "_")}-${r}.json`), result.report);
            }
            log(`run ${r}/${runs} ${p.path}: performance ${f.performance}, LCP ${(f.lcp / 1000).toFixed(2)} s, TBT ${Math.round(f.tbt)} ms (load ${load()})`);
            break;
          } catch (error) {
            if (attempt === 3) throw error;
            log(`run ${r}/${runs} ${p.path}: ${error.message}; again`);
          } finally {
            await chromium.stop();
          }
        }
      }
    }
    await background?.stop();
    await busy?.stop();
    background = null;
    busy = null;
    const rows = pages.map((p) => {
      const all = results.get(p.name);
      const m = Object.fromEntries(
        ["performance", "accessibility", "bestPractices", "seo", "fcp", "lcp", "tbt", "cls", "jsBytes", "jsFiles"].map((k) => [
          k,
          median(all.map((f) => f[k])),
        ]),
      );
      return { name: p.name, path: p.path, m, lcpElement: all.at(-1).lcpElement };
    });
    console.log(
      `\nLighthouse 12.2.3, mobile preset (simulated slow 4G, 4× CPU), median of ${runs}${opt.load ? `, ${opt.load} connections of background load` : ""}${opt.busy ? `, ${opt.busy} busy loop(s)` : ""}; ` +
        `${new Date().toISOString().slice(0, 16)}Z, load average ${load()}:\n`,
    );
    console.log(table(rows));
    // Lighthouse 12.2.3 cannot name the element with Debian's Chromium 156 (its trace gatherer fails), so often nothing.
    const named = rows.filter((r) => r.lcpElement);
    if (named.length)
      console.log(`\nLCP element of the last run:\n${named.map((r) => `  ${r.name}: ${r.lcpElement.replace(/\s+/g, " ").slice(0, 160)}`).join("\n")}`);
    if (opt.json) fs.writeFileSync(opt.json, JSON.stringify(Object.fromEntries(results), null, 1));
    const over = rows.filter((r) => BUDGET_KB[r.name] && r.m.jsBytes > BUDGET_KB[r.name] * 1024);
    for (const r of over) console.error(`${r.name}: ${(r.m.jsBytes / 1024).toFixed(1)} KB of scripts, over its ${BUDGET_KB[r.name]} KB budget`);
    if (over.length) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

// The process stayed up after its table (handles left open): it exits once its children are stopped.
main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
