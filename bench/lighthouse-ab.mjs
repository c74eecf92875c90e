// Lighthouse before and after one change, on two shops that are already running:
//   node bench/lighthouse-ab.mjs --a http://127.0.0.1:4350 --b http://127.0.0.1:4351 [--runs 3 --busy 1 --save dir]
// Each page is audited on A and on B in turns (A B, then B A on the next run), so the machine's
// noise hits both sides alike; bench/lighthouse.mjs audits one build per run, and two of its runs
// meet different loads. Start each side with `npm start` from its own worktree (PORT and
// SHOP_DATA_DIR apart), both with the demo catalogue, so the same paths show the same things.
// Lighthouse 12's mobile preset, as bench/lighthouse.mjs; `--busy 1` keeps one core busy with a loop
// beside the audits (issue 42). Prints each audit as it ends, then the medians per page and side.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import lighthouse from "lighthouse";

import { freePort } from "../scripts/pg.mjs";

const { values: opt } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string" },
    runs: { type: "string", default: "3" },
    busy: { type: "string", default: "0" },
    paths: { type: "string", default: "/,/product/1,/category/1,/search/panjabi,/bn" },
    save: { type: "string" }, // a directory for every audit's full report
  },
});
if (!opt.a || !opt.b) throw new Error("usage: node bench/lighthouse-ab.mjs --a <base URL> --b <base URL> [--runs 3 --busy 1]");

// The same flags as bench/lighthouse.mjs and the browser tests.
const CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"];
const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && fs.existsSync(p));
if (!chromiumPath) throw new Error("No Chromium: apt-get install -y chromium, or set CHROMIUM_PATH.");

const busy = Array.from({ length: Number(opt.busy) }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stopBusy = () => busy.forEach((child) => child.kill("SIGKILL"));
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => (stopBusy(), process.exit(130)));

async function audit(url) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-ab-"));
  const chromium = spawn(chromiumPath, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"], { stdio: "ignore" });
  try {
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`http://127.0.0.1:${port}/json/version`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await lighthouse(url, { port, output: "json", logLevel: "error" });
  } finally {
    // SIGTERM lets Chromium close its own helpers before the profile goes (SIGKILL after 10 s).
    if (chromium.exitCode === null)
      await new Promise((resolve) => {
        const kill = setTimeout(() => chromium.kill("SIGKILL"), 10_000);
        chromium.once("exit", () => (clearTimeout(kill), resolve()));
        chromium.kill("SIGTERM");
      });
    // Its crash handler may still be writing there for a moment: a profile left behind is not a failed audit.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      console.warn(`left ${profile} behind`);
    }
  }
}

function figures(lhr) {
  const scripts = lhr.audits["resource-summary"].details.items.find((i) => i.resourceType === "script");
  const value = (id) => lhr.audits[id].numericValue;
  return {
    perf: Math.round(lhr.categories.performance.score * 100),
    lcp: value("largest-contentful-paint"),
    fcp: value("first-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    jsKB: scripts.transferSize / 1024,
  };
}

const paths = opt.paths.split(",");
const rows = [];
try {
  for (let run = 1; run <= Number(opt.runs); run++) {
    for (const p of paths) {
      const sides = run % 2 ? ["A", "B"] : ["B", "A"];
      for (const side of sides) {
        const base = side === "A" ? opt.a : opt.b;
        const result = await audit(base + p);
        if (result.lhr.runtimeError) throw new Error(`${side} ${p}: ${result.lhr.runtimeError.code}`);
        if (opt.save) {
          fs.mkdirSync(opt.save, { recursive: true });
          fs.writeFileSync(path.join(opt.save, `${side}${p.replace(/\W+/g, "_")}-${run}.json`), result.report);
        }
        const row = { side, path: p, run, ...figures(result.lhr), load: os.loadavg()[0] };
        rows.push(row);
        console.log(
          `run ${run} ${side} ${p}: perf ${row.perf}, LCP ${(row.lcp / 1000).toFixed(2)} s, TBT ${Math.round(row.tbt)} ms (load ${row.load.toFixed(2)})`,
        );
      }
    }
  }
} finally {
  stopBusy();
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const range = (xs) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;
console.log(`\n| page | side | perf | LCP ms (range) | FCP ms | TBT ms (range) | scripts KB |\n|---|---|---:|---:|---:|---:|---:|`);
for (const p of paths) {
  for (const side of ["A", "B"]) {
    const r = rows.filter((row) => row.path === p && row.side === side);
    const m = (k) => median(r.map((row) => row[k]));
    console.log(
      `| \`${p}\` | ${side} | ${m("perf")} | ${Math.round(m("lcp"))} (${range(r.map((x) => x.lcp))}) | ${Math.round(m("fcp"))} | ${Math.round(m("tbt"))} (${range(r.map((x) => x.tbt))}) | ${m("jsKB").toFixed(1)} |`,
    );
  }
}
