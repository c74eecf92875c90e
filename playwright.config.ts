import { defineConfig, devices } from "@playwright/test";

import { chromiumArgs, findChromium } from "./tests/support/chromium";

// Run through `npm test` / `npm run test:e2e`, which start a database, seed the
// demo catalogue and set DATABASE_URL and SESSION_SECRET for the server below.
const port = Number(process.env.E2E_PORT ?? 4173);
const executablePath = findChromium();

export default defineConfig({
  testDir: "tests",
  testMatch: ["api/**/*.spec.ts", "e2e/**/*.spec.ts"],
  // Per build dir, so parallel runs from one checkout don't wipe each other's traces.
  outputDir: process.env.BUILD_DIR ? `${process.env.BUILD_DIR}/test-artifacts` : "tests/.artifacts",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    { name: "js-on", testMatch: "e2e/**/*.spec.ts", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "js-off", testMatch: "e2e/**/*.spec.ts", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
    // The order limits at the shop's defaults (issue 26). The rest of the suite runs with loose limits
    // (scripts/db-tasks.mjs): these tests put the defaults back, so they run last, one at a time.
    {
      name: "limits",
      testMatch: "limits/**/*.spec.ts",
      fullyParallel: false,
      dependencies: ["api", "js-on", "js-off"],
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: [
    {
      command: "node server.js",
      url: `http://localhost:${port}/healthcheck`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        NODE_ENV: "production",
        COOKIE_SECURE: "false",
        DATABASE_URL: process.env.DATABASE_URL ?? "",
        SESSION_SECRET: process.env.SESSION_SECRET ?? "test-session-secret-0123456789abcdef",
        PAGE_SIZE: process.env.PAGE_SIZE ?? "8",
        // Tests give each scenario its own client IP through X-Forwarded-For, so
        // rate limits of one test never throttle another.
        TRUST_PROXY: "1",
        // Paid, delivered and shipped messages wait 2 minutes in a shop (order-messages.server.ts); a second here.
        MAIL_SETTLE_SECONDS: "1",
        // The couriers' webhook secrets (tests/support/parcels.ts WEBHOOK_SECRETS).
        STEADFAST_WEBHOOK_TOKEN: "test-steadfast-token",
        PATHAO_WEBHOOK_SECRET: "test-pathao-secret",
        REDX_WEBHOOK_TOKEN: "test-redx-token",
        // The fake couriers (scripts/courier-fake) that tests/api/booking.spec.ts starts on E2E_PORT + 3.
        STEADFAST_URL: `http://127.0.0.1:${port + 3}/steadfast`,
        STEADFAST_API_KEY: "fake-key",
        STEADFAST_SECRET_KEY: "fake-secret",
        REDX_URL: `http://127.0.0.1:${port + 3}/redx`,
        REDX_TOKEN: "fake-token",
        PATHAO_URL: `http://127.0.0.1:${port + 3}/pathao`,
        PATHAO_CLIENT_ID: "fake-id",
        PATHAO_CLIENT_SECRET: "fake-secret",
        PATHAO_USERNAME: "shop@example.com",
        PATHAO_PASSWORD: "fake-password",
        PATHAO_STORE_ID: "77",
      },
    },
    // The fake couriers for the whole run, so every spec and both browser projects share one
    // (a spec starting its own would collide on the port with another worker's).
    {
      command: "node scripts/courier-fake/server.mjs",
      url: `http://127.0.0.1:${port + 3}/_control/parcels`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { COURIER_FAKE_PORT: String(port + 3) },
    },
  ],
});
