// The home page's JavaScript, file by file, as a phone downloads it (issue 42,
// decision 083): every script and modulepreload of `/` plus the locale chunk
// the entry imports, each counted as it travels (the body as sent to a browser
// that takes Brotli, and its response headers), the figure Lighthouse calls
// script transfer size. Exits with status 1 over the budget (docs/performance.md): 100 KB
// or more than 8 files. tests/e2e/script-budget.spec.ts checks the same in a
// browser; `npm run lighthouse` prints it for every page.
//
//   npm run build && PORT=4340 npm start      # in one terminal
//   node bench/home-js.mjs 4340               # in another
//
// A chunk's sources: `npx remix build --sourcemap`, then its `.map` file.
import http from "node:http";
import zlib from "node:zlib";

import { homeScripts } from "./lib/extras.mjs";

const port = Number(process.argv[2] ?? process.env.PORT ?? 3000);
const BUDGET_KB = 100;
const BUDGET_FILES = 8;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

/** Bytes on the wire: the status line and headers, and the body as encoded. */
function transfer(path) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { "accept-encoding": "gzip, deflate, br" } }, (res) => {
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join("")}\r\n`;
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ headers: head.length, body: Buffer.concat(chunks), encoding: res.headers["content-encoding"] ?? "none" }));
      })
      .on("error", reject);
  });
}

const { html, scripts } = await homeScripts(port);
const entry = /import\("(\/build\/entry\.client-[^"]+)"\)|import \* as \w+ from "(\/build\/entry\.client-[^"]+)"/.exec(html);
const files = new Set(scripts);
const entryUrl = entry?.[1] ?? entry?.[2] ?? [...scripts].find((s) => s.includes("/entry.client-"));
if (entryUrl) {
  files.add(entryUrl);
  // The page's locale chunk: the entry imports it before it hydrates (English on `/`).
  const { body, encoding } = await transfer(entryUrl);
  const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync }[encoding] ?? ((b) => b);
  const text = decode(body).toString("utf8");
  const locale = /import\(['"]([^'"]*\/en-[^'"]+\.js)['"]\)/.exec(text)?.[1];
  if (locale) files.add(new URL(locale, `http://x${entryUrl}`).pathname);
}
const rows = [];
for (const src of files) {
  const t = await transfer(src);
  rows.push([t.headers + t.body.length, t.headers, t.encoding, src]);
}
for (const [bytes, headers, encoding, src] of rows.sort((a, b) => b[0] - a[0]))
  console.log(kb(bytes).padStart(9), `(${headers} B headers, ${encoding})`.padEnd(26), src);
const total = rows.reduce((n, r) => n + r[0], 0);
console.log(`${kb(total).padStart(9)} in ${rows.length} files (budget ${BUDGET_KB} KB in ${BUDGET_FILES} files); home HTML ${kb(html.length)}`);
if (total > BUDGET_KB * 1024 || rows.length > BUDGET_FILES) {
  console.error(`Over the budget: ${kb(total)} in ${rows.length} files.`);
  process.exitCode = 1;
}
