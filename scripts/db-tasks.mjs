// Database chores shared by `npm start`, `npm test` and CI: create, migrate, seed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** The promise's value, or an error naming `what` when it has not settled within `ms`. */
export function withDeadline(promise, ms, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export function run(command, args, env = {}, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve(output);
      else {
        const error = new Error(`${command} ${args.join(" ")} failed (${code ?? signal})\n${output}`);
        error.exitCode = code ?? 1;
        reject(error);
      }
    });
  });
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** One statement on a connection of its own (scripts and the cluster test). */
export async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

export async function databaseExists(adminUrl, name) {
  const { rowCount } = await query(adminUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  return rowCount > 0;
}

const ident = (s) => `"${s.replaceAll('"', '""')}"`;

export async function dropDatabase(adminUrl, name) {
  await query(adminUrl, `DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
}

/** Creates (or, with replace, re-creates) a database, optionally as a copy of a template. */
export async function createDatabase(adminUrl, name, { template, replace = false } = {}) {
  if (replace) await dropDatabase(adminUrl, name);
  else if (await databaseExists(adminUrl, name)) return;
  await query(adminUrl, `CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ""}`);
}

function migrationNames() {
  const dir = path.join(root, "prisma", "migrations");
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** True when every committed migration is already applied (saves the CLI's ~10 s start). */
async function migrationsApplied(url) {
  try {
    const { rows } = await query(url, "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL");
    const applied = new Set(rows.map((r) => r.migration_name));
    return migrationNames().every((name) => applied.has(name));
  } catch {
    return false;
  }
}

export async function migrate(url, { quiet = true } = {}) {
  // The mail queue's schema (graphile-worker's own migrations): orders queue
  // their e-mail through it in their transaction, so every database needs it.
  const queue = async () => {
    const { runMigrations, Logger } = await import("graphile-worker");
    await runMigrations({ connectionString: url, logger: new Logger(() => () => {}) });
  };
  if (await migrationsApplied(url)) {
    await queue();
    return false;
  }
  await run(bin("prisma"), ["migrate", "deploy"], { DATABASE_URL: url }, { quiet });
  await queue();
  return true;
}

export async function isEmpty(url) {
  const { rows } = await query(url, 'SELECT (SELECT count(*) FROM "User") + (SELECT count(*) FROM "Product") AS n');
  return Number(rows[0].n) === 0;
}

export async function seedDemo(url, { quiet = true } = {}) {
  await run(bin("tsx"), ["prisma/seed.ts"], { DATABASE_URL: url }, { quiet });
}

/**
 * Order limits loose enough for a test or benchmark run (issue 26): the whole
 * suite's browser checkouts come from one address and share a phone, and the
 * benchmarks place thousands of orders from one client. The shop's defaults
 * are what a real shop runs; the tests that are about the limits set those
 * defaults again on a database of their own (or, in Playwright, in the
 * serial "limits" project that runs last). Written as an admin would, in the
 * ShopSetting table, so no code path is switched off.
 */
export const LOOSE_LIMITS = {
  ordersPerIpPerHour: 100_000,
  ordersPerPhonePerDay: 100_000,
  ordersPerEmailPerDay: 100_000,
  ordersPerAccountPerDay: 100_000,
  maxQtyPerLine: 1_000,
  maxLinesPerOrder: 200,
  maxQtyPerOrder: 10_000,
  // Tests that are not about the phone record never wait for a call (issue 37); its own tests set these.
  riskyMinFailures: 1_000,
  callNewAboveTaka: 10_000_000,
  heldPiecesPerPhone: 100_000,
  heldPiecesPerAccount: 100_000,
  heldPiecesPerIp: 100_000,
  smsPerPhonePerHour: 100_000,
  smsPerIpPerHour: 100_000,
  smsPerShopPerHour: 1_000_000,
};

export async function setShopSettings(url, settings) {
  for (const [key, value] of Object.entries(settings)) {
    await query(
      url,
      `INSERT INTO "ShopSetting" (key, value, "updatedAt") VALUES ($1, $2::jsonb, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
      [key, JSON.stringify(value)],
    );
  }
}
