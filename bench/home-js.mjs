// The home page's JavaScript, chunk by chunk (gzip KB, as the bench's
// `pageWeight` counts it: every script and modulepreload of `/`), to see
// which chunk grew when the total passes the 100 KB budget (docs/performance.md). Exits
// with status 1 when it does, so a script or CI step can hold the budget.
//
//   npm run build && PORT=4340 npm start      # in one terminal
//   node bench/home-js.mjs 4340               # in another
//
// A chunk's sources: `npx remix build --sourcemap`, then its `.map` file.
import { gzipSync } from "node:zlib";

import { homeScripts, pageWeight } from "./lib/extras.mjs";

const port = Number(process.argv[2] ?? process.env.PORT ?? 3000);
const BUDGET_KB = 100;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

const { html, scripts } = await homeScripts(port);
const rows = [];
for (const src of scripts) {
  const body = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${src}`)).arrayBuffer());
  rows.push([gzipSync(body).length, src]);
}
for (const [bytes, src] of rows.sort((a, b) => b[0] - a[0])) console.log(kb(bytes).padStart(9), src);
const { jsGzipBytes } = await pageWeight(port);
console.log(`${kb(jsGzipBytes).padStart(9)} total in ${scripts.size} files (budget ${BUDGET_KB} KB); home HTML ${kb(html.length)}`);
if (jsGzipBytes > BUDGET_KB * 1024) {
  console.error(`Over the ${BUDGET_KB} KB budget by ${kb(jsGzipBytes - BUDGET_KB * 1024)}.`);
  process.exitCode = 1;
}
