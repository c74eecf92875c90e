// `npm start`: build if needed, start the database (embedded unless DATABASE_URL
// is set), migrate, seed demo data into an empty demo database, serve.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { createDatabase, isEmpty, migrate, run, seedDemo } from "./db-tasks.mjs";
import { startEmbedded, withDatabase } from "./pg.mjs";
import { mergeChunks } from "./merge-chunks.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// SHOP_DATA_DIR moves it (the chaos suite's restart case uses a scratch one).
const dataDir = process.env.SHOP_DATA_DIR ? path.resolve(process.env.SHOP_DATA_DIR) : path.join(root, ".data");
const started = Date.now();
const log = (message) => console.log(`[start] ${message}`);

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function buildIsStale() {
  const serverBuild = path.resolve(root, process.env.BUILD_DIR ?? "build", "index.js");
  if (!fs.existsSync(serverBuild)) return true;
  const sources = ["app", "remix.config.js", "tailwind.config.ts", "package-lock.json"].map((p) => path.join(root, p));
  const newestSource = Math.max(...sources.filter((p) => fs.existsSync(p)).map(newestMtime));
  return newestSource > fs.statSync(serverBuild).mtimeMs;
}

function sessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  // A local demo gets a random secret that survives restarts (so sign-ins do too).
  const file = path.join(dataDir, "session-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

async function main() {
  process.env.NODE_ENV ??= "production";
  process.env.SESSION_SECRET = sessionSecret();
  if (buildIsStale()) {
    log("building the app (first start or changed sources)…");
    await run(path.join(root, "node_modules", ".bin", "remix"), ["build"]);
    await mergeChunks({ quiet: true }); // fewer, larger scripts (decision 083)
  }

  let embedded = null;
  let databaseUrl = process.env.DATABASE_URL;
  const external = Boolean(databaseUrl);
  if (!external) {
    log(`DATABASE_URL is unset: starting the embedded PostgreSQL (data in ${path.relative(root, dataDir) || "."}/postgres)…`);
    embedded = await startEmbedded({ dataDir: path.join(dataDir, "postgres") });
    await createDatabase(embedded.url, "shop");
    databaseUrl = withDatabase(embedded.url, "shop");
    // The demo on its own database: the order page may show a captured SMS code, marked as a demo (decision 055).
    process.env.SHOP_DEMO ??= "1";
  }
  const stop = async (code = 0) => {
    await embedded?.stop().catch(() => {});
    process.exit(code);
  };

  try {
    if (await migrate(databaseUrl)) log("database migrated");
    const seed = external ? process.env.SEED_DEMO === "1" : process.env.SEED_DEMO !== "0";
    if (seed && (await isEmpty(databaseUrl))) {
      log("seeding demo data…");
      await seedDemo(databaseUrl);
    }
  } catch (error) {
    console.error(error.message ?? error);
    await stop(1);
  }

  process.env.DATABASE_URL = databaseUrl;
  process.env.COOKIE_SECURE ??= "false"; // plain HTTP on localhost; behind TLS set COOKIE_SECURE=true
  const { startServer, stopServer } = await import("../server.js");
  const server = await startServer();
  const url = `http://localhost:${server.address().port}`;
  console.log(`
  TanaBana is running at ${url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Demo accounts (demo data only, never use in production):
    admin    admin@example.com    / admin12345
    shopper  shopper@example.com  / shopper12345
  Press Ctrl-C to stop.
`);
  let stopping = false;
  const shutdown = () => {
    // A second Ctrl-C does not wait for the server: the database is stopped and that is all.
    if (stopping) return void stop(1);
    stopping = true;
    log("stopping…");
    // The server and its mail worker first, then the database they use.
    stopServer(server).finally(() => stop(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
