// `npm test`: typecheck, lint, build, then vitest and Playwright against a real
// PostgreSQL (embedded unless DATABASE_URL names a server). Exits non-zero on
// any failure.
//   node scripts/test.mjs            everything
//   node scripts/test.mjs unit [..]  vitest only (extra args go to vitest)
//   node scripts/test.mjs e2e  [..]  build + Playwright only (extra args go to Playwright)
//   node scripts/test.mjs validate   typecheck, lint and vitest (`npm run validate`)
import fs from "node:fs";
import path from "node:path";

import { createDatabase, dropDatabase, LOOSE_LIMITS, migrate, run, seedDemo, setShopSettings } from "./db-tasks.mjs";
import { startEmbedded, tempDataDir, withDatabase } from "./pg.mjs";
import { mergeChunks } from "./merge-chunks.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const [mode = "all", ...extra] = process.argv.slice(2);
const step = (title) => console.log(`\n▶ ${title}`);

async function chromiumOrExplain() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (found) return found;
  // Else Playwright's own browser, if someone installed it (`npx playwright install chromium`).
  const { chromium } = await import("@playwright/test");
  const own = chromium.executablePath();
  if (own && fs.existsSync(own)) return own;
  console.error(`
No Chromium found for the browser tests. Install one of:
  - Debian/Ubuntu: sudo apt-get install -y chromium      (gives /usr/bin/chromium)
  - or point CHROMIUM_PATH at any Chromium/Chrome binary,
  - or \`npx playwright install chromium\` where downloads are allowed (not on our CI machines).`);
  process.exit(1);
}

async function main() {
  if (!["all", "unit", "e2e", "validate"].includes(mode)) {
    console.error(`Unknown mode "${mode}": use unit, e2e or validate, or nothing for everything.`);
    process.exit(2);
  }
  const wantUnit = mode === "all" || mode === "unit" || mode === "validate";
  const wantE2e = mode === "all" || mode === "e2e";
  if (wantE2e) await chromiumOrExplain();

  if (mode === "all" || mode === "validate") {
    step("typecheck");
    await run(bin("tsc"), []);
    step("lint");
    await run(bin("eslint"), ["--max-warnings", "0", "."]);
    // Formatting is checked, not fixed: `npm run format` writes it (Prettier, .prettierrc.json).
    await run(bin("prettier"), ["--check", "."]);
  }
  if (wantE2e) {
    step("build");
    await run(bin("remix"), ["build"], { NODE_ENV: "production" }, { quiet: true });
    await mergeChunks({ quiet: true }); // fewer, larger scripts (decision 083)
  }

  let embedded = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    step("starting a throw-away embedded PostgreSQL");
    embedded = await startEmbedded({ dataDir: path.join(tempDataDir("shop-test"), "pg"), persistent: false });
    adminUrl = embedded.url;
  }
  const suffix = `${process.pid}`;
  const template = `shop_test_template_${suffix}`;
  const stop = async () => embedded?.stop().catch(() => {});
  process.on("SIGINT", () => stop().then(() => process.exit(130)));

  try {
    step("migrating the test template database");
    await createDatabase(adminUrl, template, { replace: true });
    await migrate(withDatabase(adminUrl, template));
    // Loose order limits for the suite; the limit tests set the shop's defaults on their own (db-tasks.mjs).
    await setShopSettings(withDatabase(adminUrl, template), LOOSE_LIMITS);

    if (wantUnit) {
      step("vitest: unit and service tests");
      await run(bin("vitest"), ["run", ...(mode === "unit" ? extra : [])], {
        TEST_DB_ADMIN_URL: adminUrl,
        TEST_DB_TEMPLATE: template,
      });
    }
    if (wantE2e) {
      const e2eDb = `shop_e2e_${suffix}`;
      step("seeding the demo catalogue for the browser and HTTP tests");
      await createDatabase(adminUrl, e2eDb, { template, replace: true });
      const url = withDatabase(adminUrl, e2eDb);
      await seedDemo(url);
      step("playwright: HTTP contract tests and pages with JavaScript on and off");
      await run(bin("playwright"), ["test", ...(mode === "e2e" ? extra : [])], {
        DATABASE_URL: url,
        SESSION_SECRET: "test-session-secret-0123456789abcdef",
      });
    }
    if (!embedded) {
      // A shared server: leave it as we found it.
      for (const db of [template, `shop_e2e_${suffix}`]) await dropDatabase(adminUrl, db).catch(() => {});
    }
  } finally {
    await stop();
  }
  console.log("\n✔ all checks passed");
}

main().catch((error) => {
  console.error(`\n✘ ${error.message ?? error}`);
  process.exit(error.exitCode ?? 1);
});
