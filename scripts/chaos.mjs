// `npm run test:chaos`: what production does to the shop, on loopback. Builds
// the app, starts a throw-away embedded PostgreSQL with an empty migrated database,
// then runs each case in tests/chaos/*.mjs in turn (server SIGKILL during
// orders, PostgreSQL SIGKILL and SIGSTOP, two instances, junk requests).
// Bounded by counts and generous deadlines, not tight timings, so it passes on
// a loaded 2-core machine; the whole run stops after 14 minutes.
//   node scripts/chaos.mjs [name-filter]
//   CHAOS_PORT=4251 (first of 4 loopback ports), CHAOS_SKIP_BUILD=1,
//   CHAOS_BUDGET_SECONDS=840 (cases run in number order, 1-… to 18-…; 7 and 8 are the mail
//   cases: the mail server down during 50 orders, the app killed while sending; 9 freezes the
//   postmaster alone, so new connections hang while open ones answer; 10 kills PostgreSQL
//   while two instances send mail, and their workers must come back by themselves; 13 sends SIGTERM
//   to an instance with hold expiries in flight: it drains, and another instance expires them;
//   14-16 are the cash-on-delivery holds': confirms racing expiry, a kill with hold jobs locked,
//   codes held up by an SMS gateway outage, ~55 + 26 + 32 s; 17 fills the disk under the Order
//   table: writes are logged and /healthcheck says so; 18 takes the courier's API down for 20 s
//   during a bulk booking of 40, one answer lost: each order is booked once, none lost, ~35 s)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createDatabase, LOOSE_LIMITS, migrate, run, setShopSettings, withDeadline } from "./db-tasks.mjs";
import { freePort, startEmbedded, tempDataDir, withDatabase } from "./pg.mjs";
import { createContext } from "../tests/chaos/support.mjs";
import { mergeChunks } from "./merge-chunks.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const TOTAL_LIMIT_MS = (Number(process.env.CHAOS_BUDGET_SECONDS) || 840) * 1000;
const CASE_LIMIT_MS = 120_000;
const started = Date.now();
const say = (message) => console.log(`[chaos +${((Date.now() - started) / 1000).toFixed(0)}s] ${message}`);

async function main() {
  const filter = process.argv[2];
  const dir = path.join(root, "tests", "chaos");
  const cases = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".case.mjs") && (!filter || f.startsWith(`${filter}-`) || (!/^\d+$/.test(filter) && f.includes(filter))))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  if (cases.length === 0) throw new Error(`no chaos case matches ${filter}`);

  if (process.env.CHAOS_SKIP_BUILD !== "1") {
    say("building the app");
    await run(path.join(root, "node_modules", ".bin", "remix"), ["build"], { NODE_ENV: "production" }, { quiet: true });
    await mergeChunks({ quiet: true }); // fewer, larger scripts (decision 083)
  }
  say("starting a throw-away embedded PostgreSQL");
  const dataDir = path.join(tempDataDir("shop-chaos"), "pg");
  // A fixed port, so that PostgreSQL restarted after a crash is where the servers expect it.
  const pgPort = await freePort();
  const startPg = () => startEmbedded({ dataDir, persistent: false, port: pgPort });
  let pg = await startPg();
  const dbUrl = withDatabase(pg.url, "shop_chaos");
  await createDatabase(pg.url, "shop_chaos", { replace: true });
  // No demo seed (a minute of image work): each case makes the rows it needs.
  await migrate(dbUrl);
  // The crash cases place many orders from one client: loose limits (case 12 sets the defaults for itself).
  await setShopSettings(dbUrl, LOOSE_LIMITS);

  const ctx = createContext({
    root,
    dbUrl,
    basePort: Number(process.env.CHAOS_PORT ?? 4251),
    postgres: {
      pid: () => pg.pid,
      /** Starts PostgreSQL again on the same data and port (after a SIGKILL, say). */
      restart: async () => {
        // Backends of a killed postmaster exit within moments; until then the data directory is busy.
        for (let attempt = 1; ; attempt += 1) {
          try {
            pg = await startPg();
            return;
          } catch (error) {
            if (attempt >= 20) throw error;
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      },
    },
    say,
  });

  const failures = [];
  try {
    for (const file of cases) {
      const left = TOTAL_LIMIT_MS - (Date.now() - started);
      if (left <= 0) {
        failures.push(`${file}: not run, the ${TOTAL_LIMIT_MS / 1000} s budget was spent`);
        continue;
      }
      say(`▶ ${file}`);
      const t0 = Date.now();
      try {
        const mod = await import(pathToFileURL(path.join(dir, file)).href);
        await withDeadline(mod.default(ctx), Math.min(mod.limitMs ?? CASE_LIMIT_MS, left), file);
        say(`✓ ${file} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failures.push(`${file}: ${error.stack ?? error}`);
        say(`✗ ${file}: ${error.message}`);
      } finally {
        await ctx.stopShops();
        ctx.resumePostgres(); // a failed freeze case must not leave the database stopped
      }
    }
  } finally {
    await ctx.stopShops();
    await pg.stop().catch(() => {});
  }
  if (failures.length > 0) {
    // The shops' logs first and the failures last: CI shows the tail of the output, and the
    // failed case and its error are what a reader needs to see there.
    for (const log of ctx.serverLogs()) console.error(`\n--- ${log.name} (last lines)\n${log.tail}`);
    console.error(`\n${failures.length} chaos case(s) failed:\n${failures.join("\n\n")}`);
    process.exit(1);
  }
  say(`all ${cases.length} chaos cases passed`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
