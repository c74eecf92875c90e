// Formats a benchmark run as a console table and as a Markdown section of
// bench/history/<date>.md. Each catalogue size has its own section between markers,
// so a 1k run and a 100k run sit side by side and the hand-written notes
// around them (the before/after log) are kept.
import fs from "node:fs";
import path from "node:path";

// cached: an anonymous page from the page cache (issue 21: at least the floor);
// filled: the cached copy with a shopper's holes filled in (issue 29: at least the floor);
// page: a page rendered per request (the cache off).
const GOALS = { api: 0.5, page: 1 / 3, cached: 1, filled: 1 };
const P99_GOAL_MS = 50;
const f0 = (n) => (n === undefined ? "–" : n.toFixed(0));
const f1 = (n) => (n === undefined ? "–" : n.toFixed(1));
const pct = (n) => `${(n * 100).toFixed(0)} %`;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

export function rowsOf(results) {
  return results.map(({ target, shop, floor }) => {
    const ratio = shop.rps / floor.rps;
    const ok = ratio >= GOALS[target.kind] && shop.p99 < P99_GOAL_MS;
    return [
      target.name,
      f0(shop.rps),
      f0(floor.rps),
      `${pct(ratio)}${ok ? "" : " ✗"}`,
      f0(shop.p50),
      f0(shop.p99),
      f0(floor.p99),
      f1(shop.cpu),
      f1(floor.cpu),
      f1(shop.pgCpu),
      f1(floor.pgCpu),
      shop.bad + floor.bad,
    ];
  });
}

const HEADER = [
  "request",
  "shop req/s",
  "floor req/s",
  "shop/floor",
  "shop p50 ms",
  "shop p99 ms",
  "floor p99 ms",
  "shop CPU ms/req",
  "floor CPU ms/req",
  "PG CPU ms/req (shop)",
  "PG CPU ms/req (floor)",
  "non-2xx",
];

export function printTable(results) {
  const rows = [HEADER, ...rowsOf(results)].map((r) => r.map(String));
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
}

function mdTable(header, rows) {
  return [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join(
    "\n",
  );
}

export function markdown(run) {
  const { meta, results, crowd, weight, orders, contention, profile, sql } = run;
  const out = [];
  out.push(`### ${meta.products.toLocaleString("en")} products`);
  out.push("");
  out.push(
    `${meta.date} · \`nproc\` ${meta.nproc} · Node ${meta.node} · ${meta.postgres} · ${meta.products} products ` +
      `(keyword "${meta.keyword}" matches ${meta.matches}, last page ${meta.lastPage}) · ${meta.connections} connections, ` +
      `${meta.rounds} alternating rounds of ${meta.seconds} s per side after ${meta.warmup} s warm-up, medians · ` +
      `command: \`${meta.command}\` · whole run ${meta.elapsed} s`,
  );
  out.push("");
  for (const c of meta.caveats ?? []) out.push(`> ${c}\n`);
  out.push(mdTable(HEADER, rowsOf(results)));
  out.push("");
  out.push(
    `✗ = misses its target (API ≥ 50 % of the floor, pages rendered with the cache off ≥ 33 %, cached and filled pages ≥ 100 %, p99 < ${P99_GOAL_MS} ms). CPU ms/req is the server process's user+system CPU per request; PG CPU is the database backends' CPU per request.`,
  );
  out.push("");
  if (crowd?.length) {
    out.push(`At **256 connections**, anonymous, cache warm (goal: 0 errors, p99 < 250 ms), ${meta.seconds} s each:`);
    out.push("");
    out.push(
      mdTable(
        ["request", "req/s", "p99 ms", "errors"],
        crowd.map((c) => [c.name, f0(c.rps), `${f0(c.p99)}${c.p99 < 250 ? "" : " ✗"}`, `${c.errors}${c.errors ? " ✗" : ""}`]),
      ),
    );
    out.push("");
  }
  if (weight) {
    out.push(
      `- Home HTML: ${kb(weight.htmlBytes)} (${kb(weight.htmlSentBytes)} sent, ${weight.htmlEncoding}); JavaScript: ${weight.scripts} scripts/modulepreloads, ` +
        `**${kb(weight.jsGzipBytes)} gzip**${weight.jsGzipBytes > 100 * 1024 ? " ✗ (budget 100 KB, docs/performance.md)" : ""} (+ ${kb(weight.inlineScriptGzipBytes)} inline); product-card image: ` +
        (weight.image ? `**${kb(weight.image.bytes)} ${weight.image.type}** (\`${weight.image.path}\`)` : "none found"),
    );
  }
  if (orders) {
    out.push(
      `- POST /api/orders: **${f0(orders.ordersPerSecond)} orders/s** at ${meta.connections} connections (p99 ${f0(orders.p99)} ms, ${orders.errors} errors; ` +
        `shop CPU ${f1(orders.cpuPerOrder)} ms per order, so ~${f0(1000 / orders.cpuPerOrder)} orders/s per free core); ` +
        `stock exact: ${orders.stockExact ? "yes" : "**NO**"} (${orders.stock} = ${orders.left} left + ${orders.ordered} ordered).`,
    );
  }
  if (contention) {
    out.push(
      `- Oversell check: ${contention.stock} in stock, ${meta.connections} connections ordering for ${contention.seconds} s: ` +
        `${contention.ordered} units ordered, ${contention.refused} orders refused (409), ${contention.left} left — ${contention.stockExact ? "exact" : "**NOT EXACT**"}.`,
    );
  }
  if (profile) {
    out.push("");
    out.push(`#### Where the time goes (shop, V8 CPU profiler as used by \`node --cpu-prof\`, ${profile.note})`);
    out.push("");
    out.push(`${f0(profile.busyMs)} ms of CPU sampled for ${profile.requests} requests (${f1(profile.busyMs / profile.requests)} ms/request on average).`);
    out.push("");
    out.push(
      mdTable(
        ["self time by component", "ms", "share"],
        profile.buckets.map((b) => [b.name, f0(b.ms), pct(b.share)]),
      ),
    );
    out.push("");
    out.push(
      mdTable(
        ["hottest functions (self)", "ms", "share"],
        profile.functions.map((b) => [`\`${b.name}\``, f0(b.ms), pct(b.share)]),
      ),
    );
  }
  if (sql) {
    out.push("");
    out.push("#### SQL per request (what the shop sent, captured at the pg driver) and EXPLAIN ANALYZE");
    out.push("");
    out.push(
      mdTable(
        ["request", "statements"],
        sql.map((s) => [s.name, s.count]),
      ),
    );
    for (const s of sql.filter((x) => x.plans.length)) {
      out.push("");
      out.push(`<details><summary>${s.name}: ${s.count} statements</summary>\n`);
      for (const p of s.plans) out.push("```sql\n" + p.text.trim() + "\n```\n```\n" + p.plan + "\n```\n");
      out.push("</details>");
    }
  }
  return out.join("\n");
}

/** Replaces (or appends) this catalogue size's section of the results file. */
export function writeSection(file, products, section) {
  const start = `<!-- bench:products=${products} -->`;
  const end = `<!-- /bench:products=${products} -->`;
  const block = `${start}\n${section}\n${end}`;
  const day = path.basename(file, ".md");
  let text = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8")
    : `# Benchmark history: ${day}\n\nFull runs of \`npm run bench\`; what they mean: ../results.md.\n`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, text);
}
