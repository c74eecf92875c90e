import pg from "pg";

import { expect, test, type Browser } from "./fixtures";

import { adminPage } from "./admin-mail";

// The "limits" project's specs run the shop at its default limits, which the
// rest of the suite loosens (scripts/db-tasks.mjs). Each sets them through the
// admin's settings page, as an owner would (the running instance uses them at
// once), and puts the loose ones back after it, for a later run on the same database.

const LOOSE = 100_000;
// Two spec files at these limits run in two workers at once, and one's `afterAll` put the loose limits
// back in the middle of the other's test (an order a limit should have refused went through). A
// session-level advisory lock, held from `beforeAll` to `afterAll` on a connection of its own, runs
// them one after the other.
const LIMITS_LOCK = 26_042;

export async function saveLimits(browser: Browser, baseURL: string, values: Record<string, number>) {
  const admin = await adminPage(browser, baseURL, false);
  await admin.goto("/admin/settings");
  for (const [label, value] of Object.entries(values)) await admin.getByLabel(label, { exact: true }).fill(String(value));
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(admin.getByText("Settings saved")).toBeVisible();
  await admin.context().close();
}

/** This spec file runs one test at a time at `limits` (labels of the settings page → values); `after` overrides the loose values put back. */
export function atLimits(limits: Record<string, number>, after: Record<string, number> = {}) {
  test.describe.configure({ mode: "serial" });
  let lock: pg.Client | undefined;
  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(300_000); // the other file's tests first
    lock = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await lock.connect();
    await lock.query("SELECT pg_advisory_lock($1)", [LIMITS_LOCK]);
    await saveLimits(browser, baseURL!, limits);
  });
  test.afterAll(async ({ browser, baseURL }) => {
    try {
      await saveLimits(browser, baseURL!, { ...Object.fromEntries(Object.keys(limits).map((k) => [k, LOOSE])), ...after });
    } finally {
      await lock?.end(); // ends the session, and with it the lock
    }
  });
}
