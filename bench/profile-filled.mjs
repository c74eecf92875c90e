// `node bench/profile-filled.mjs [--path /product/9] [--seconds 4] [--who signedIn|cart]`:
// a CPU profile of the shop serving cached pages with holes (decision 069),
// the path a shopper with a cart or a sign-in takes. `npm run bench`'s own
// profile is of rendered pages (cache off, no cookie); this one keeps the
// cache on and sends the shopper's cookie, so it shows what filling costs.
// Reuses the demo database in .tmp/bench-pg (shop_profile), seeding it once.
import path from "node:path";
import { parseArgs } from "node:util";

import { createDatabase, databaseExists, migrate, seedDemo } from "../scripts/db-tasks.mjs";
import { startEmbedded, withDatabase } from "../scripts/pg.mjs";
import { hit } from "./lib/load.mjs";
import { shopperWithCart, signedInShopper, startNode } from "./lib/processes.mjs";
import { analyseProfile } from "./lib/profile.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values: opt } = parseArgs({
  options: {
    path: { type: "string", multiple: true },
    seconds: { type: "string", default: "4" },
    who: { type: "string", default: "signedIn" },
    connections: { type: "string", default: "32" },
    port: { type: "string", default: "4231" },
  },
});
const paths = opt.path ?? ["/", "/product/9", "/category/2", "/search/panjabi"];

const embedded = await startEmbedded({ dataDir: path.join(root, ".tmp", "bench-pg"), persistent: true });
const url = withDatabase(embedded.url, "shop_profile");
if (!(await databaseExists(embedded.url, "shop_profile"))) {
  await createDatabase(embedded.url, "shop_profile");
  await migrate(url);
  await seedDemo(url);
} else await migrate(url);

const file = path.join(root, "bench", "shop-filled.cpuprofile"); // open in Chrome DevTools; not committed
const env = { DATABASE_URL: url, NODE_ENV: "production", SESSION_SECRET: "bench-session-secret-0123456789abcdef", COOKIE_SECURE: "false", BENCH_PROFILE: file };
const shop = await startNode(["bench/profiled-shop.mjs"], env, Number(opt.port));
try {
  const signedIn = opt.who === "signedIn" ? await signedInShopper(shop.port) : null;
  const cookie = await shopperWithCart(shop.port, 9, signedIn);
  const headers = { cookie };
  // Warm: the anonymous copy cached, the code paths compiled.
  for (const p of paths) await hit({ port: shop.port, path: p, seconds: 1, connections: Number(opt.connections), headers });
  const sampling = new Promise((resolve) => shop.child.stdout.on("data", (d) => String(d).includes("profiling") && resolve()));
  shop.child.kill("SIGUSR2");
  await sampling;
  let requests = 0;
  for (const p of paths) {
    const r = await hit({ port: shop.port, path: p, seconds: Number(opt.seconds), connections: Number(opt.connections), headers });
    requests += r.requests.total;
    console.log(`${p}: ${Math.round(r.requests.total / Number(opt.seconds))} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
  }
  await shop.stop();
  const profile = analyseProfile(file);
  console.log(`\n${Math.round(profile.busyMs)} ms of CPU for ${requests} requests: ${(profile.busyMs / requests).toFixed(2)} ms/request`);
  for (const b of profile.buckets) console.log(`${b.name.padEnd(40)} ${String(Math.round(b.ms)).padStart(6)} ms ${(b.share * 100).toFixed(1)} %`);
  console.log("");
  for (const f of profile.functions) console.log(`${String(Math.round(f.ms)).padStart(6)} ms ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}`);
} finally {
  await shop.stop();
  await embedded.stop();
}
