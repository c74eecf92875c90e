import path from "node:path";

import { defineConfig } from "vitest/config";

// Unit and service tests. `npm test` / `npm run test:unit` provide a migrated
// template database; tests/setup/database.ts gives each test file its own copy.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
    setupFiles: ["tests/setup/database.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // MAIL_SETTLE_SECONDS: paid, delivered and shipped messages wait a second, not a shop's 2 minutes (order-messages.server.ts).
    env: { NODE_ENV: "test", SESSION_SECRET: "test-session-secret-0123456789abcdef", MAIL_SETTLE_SECONDS: "1" },
  },
});
