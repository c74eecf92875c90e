// Long tasks while a page starts, on a busy phone (issue 42, decision 098):
// Chromium at a 4× CPU slowdown (DevTools' Emulation.setCPUThrottlingRate,
// `--rate 6` for more), optionally with autocannon loading the server beside
// it (`--load 8`), on the home page, a category, a product and the cart. Every
// long task (PerformanceObserver 'longtask', over 50 ms) from navigation
// until the page has hydrated and the network is quiet is listed; "blocking"
// is the part of each over 50 ms, the sum Lighthouse calls TBT. A
// measurement, not a test; on a shared machine check `uptime` first.
//
//   npm run build && PORT=4340 npm start                  # in one terminal
//   node bench/long-tasks.mjs 4340 [--rate 4] [--load 8] [--runs 3]
import { spawn } from "node:child_process";
/* global window */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { rate: { type: "string", default: "4" }, load: { type: "string" }, runs: { type: "string", default: "3" } },
});
const base = `http://127.0.0.1:${positionals[0] ?? process.env.PORT ?? 3000}`;
const executablePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && fs.existsSync(p));

// The first product and category the home page links to, as a shopper would land on them.
const home = await (await fetch(base)).text();
const product = /href="(\/product\/\d+)"/.exec(home)?.[1];
const category = /href="(\/category\/\d+)"/.exec(home)?.[1];
if (!product || !category) throw new Error(`no product or category link on ${base}/`);
const pages = ["/", category, product, "/cart"];

const background = opt.load
  ? spawn(path.join(root, "node_modules", ".bin", "autocannon"), ["-c", opt.load, "-d", "100000", `${base}${category}`], { stdio: "ignore" })
  : null;
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  console.log(
    `CPU ${opt.rate}× slower${opt.load ? `, ${opt.load} connections of background load` : ""}, median of ${opt.runs}; load average ${os.loadavg()[0].toFixed(2)}\n`,
  );
  console.log("| page | long tasks | longest ms | blocking ms | hydrated ms |\n|---|---:|---:|---:|---:|");
  for (const p of pages) {
    const runs = [];
    for (let r = 0; r < Number(opt.runs); r++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window;
        w.__longTasks = [];
        new PerformanceObserver((list) => w.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask", buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(opt.rate) });
      await page.goto(base + p);
      await page.waitForFunction(() => "__remixRouter" in window, null, { timeout: 60_000 });
      const hydrated = await page.evaluate(() => performance.now());
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      const tasks = await page.evaluate(() => window.__longTasks);
      runs.push({ count: tasks.length, max: Math.max(0, ...tasks), blocking: tasks.reduce((n, d) => n + Math.max(0, d - 50), 0), hydrated });
      await context.close();
    }
    const m = (k) => Math.round(median(runs.map((x) => x[k])));
    console.log(`| \`${p}\` | ${m("count")} | ${m("max")} | ${m("blocking")} | ${m("hydrated")} |`);
  }
} finally {
  await browser.close();
  background?.kill("SIGTERM");
}
