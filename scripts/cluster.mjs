// `npm run cluster`: the shop past one machine, on one machine, from Debian's
// packages (issue 19, docs/deploy.md): a primary PostgreSQL and a streaming
// replica (pg_basebackup -R), PgBouncer in transaction mode in front of the
// primary, two app instances (production build) and Varnish balancing over
// them. Prints the URL and stops everything on Ctrl-C. For trying the
// topology and for `npm run test:cluster`; `npm start` stays the default.
//   CLUSTER_PORT=5600 (PostgreSQL 5600, replica 5601, PgBouncer 5602, apps 5610+, Varnish 5620)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { backendsVcl, pgbouncerIni, primaryConf, varnishArgs } from "./cluster-config.mjs";
import { rollingRestart } from "./cluster-rolling-restart.mjs";
import { migrate, run, seedDemo, setShopSettings } from "./db-tasks.mjs";
import { asPostgres, asRoot, healthy, pgBin, runSync, signalGroup, waitFor } from "./debian-services.mjs";
import { mergeChunks } from "./merge-chunks.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const say = (message) => console.log(`[cluster] ${message}`);

/**
 * Starts the topology and returns its addresses and controls. Everything
 * lives under a fresh directory; `stop()` ends it all.
 */
export async function startCluster({
  basePort = Number(process.env.CLUSTER_PORT) || 5600,
  instances = 2,
  replicaMaxLagSeconds = 10,
  log = say,
  shopSettings = null,
} = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-"));
  fs.chmodSync(dir, 0o755);
  if (asRoot) spawnSync("chown", ["postgres:postgres", dir]);
  const ports = { primary: basePort, replica: basePort + 1, pgbouncer: basePort + 2, app: basePort + 10, varnish: basePort + 20 };
  const children = new Map();
  const primaryDir = path.join(dir, "primary");
  const replicaDir = path.join(dir, "replica");

  function start(name, command, args, env = {}, { postgres = false } = {}) {
    const [cmd, argv] = postgres ? asPostgres(command, args) : [command, args];
    // Its own process group, so stopping it also stops what runuser started under it.
    const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const entry = { child, log: "" };
    const keep = (chunk) => (entry.log = (entry.log + chunk).slice(-8_000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    children.set(name, entry);
    return child;
  }

  function pgCtl(dataDir, action, extra = []) {
    return runSync(pgBin("pg_ctl"), ["-D", dataDir, "-w", "-t", "60", "-l", `${dataDir}.log`, action, ...extra], `pg_ctl ${action} ${dataDir}`);
  }

  const url = (port, db = "shop") => `postgresql://shop@127.0.0.1:${port}/${db}`;

  const poolSize = 10;
  const appEnv = (port) => ({
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    DATABASE_URL: url(ports.pgbouncer),
    // LISTEN/NOTIFY (page-cache purges) and the job queue need a session connection.
    DIRECT_DATABASE_URL: url(ports.primary),
    // Catalogue reads (app/models/platform/db-replicas.server.ts), straight to the replica: a pooler per replica is a
    // production choice (docs/deploy.md), not needed by two instances.
    DATABASE_REPLICA_URL: url(ports.replica),
    DATABASE_REPLICA_MAX_LAG_SECONDS: String(replicaMaxLagSeconds),
    VARNISH_URL: `http://127.0.0.1:${ports.varnish}`,
    SESSION_SECRET: process.env.SESSION_SECRET ?? "cluster-secret-not-for-production-0123456789",
    COOKIE_SECURE: "false",
    TRUST_PROXY: "loopback",
  });
  function startApp(i) {
    const port = ports.app + i;
    start(`app-${i}`, process.execPath, ["server.js"], appEnv(port));
    return `http://127.0.0.1:${port}`;
  }

  const logs = () => [...children].map(([name, e]) => `--- ${name}\n${e.log.split("\n").slice(-30).join("\n")}`).join("\n");

  async function stop() {
    for (const [name, { child }] of [...children].reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        signalGroup(child, name === "varnish" ? "SIGTERM" : "SIGKILL");
        await exited;
      }
    }
    for (const d of [replicaDir, primaryDir]) {
      try {
        pgCtl(d, "stop", ["-m", "immediate"]);
      } catch {
        // already stopped (a test killed it)
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }

  async function boot() {
    log(`PostgreSQL primary on ${ports.primary}`);
    fs.mkdirSync(path.join(dir, "backups", "wal"), { recursive: true });
    if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", path.join(dir, "backups")]);
    runSync(pgBin("initdb"), ["-D", primaryDir, "-U", "shop", "--auth=trust", "-E", "UTF8", "--locale=C"], "initdb");
    fs.appendFileSync(path.join(primaryDir, "postgresql.conf"), primaryConf(ports, dir));
    pgCtl(primaryDir, "start");
    runSync(pgBin("createdb"), ["-h", "127.0.0.1", "-p", String(ports.primary), "-U", "shop", "shop"], "createdb");
    // PgBouncer passes no start-up options to the server: the statement timeout the app asks for is set here instead.
    runSync(
      pgBin("psql"),
      ["-h", "127.0.0.1", "-p", String(ports.primary), "-U", "shop", "-d", "shop", "-c", "ALTER DATABASE shop SET statement_timeout = '4s'"],
      "psql",
    );
    await migrate(url(ports.primary));
    await seedDemo(url(ports.primary));
    // Tests and benchmarks place hundreds of orders from one client: they pass loose order limits.
    if (shopSettings) await setShopSettings(url(ports.primary), shopSettings);

    log(`streaming replica on ${ports.replica}`);
    runSync(
      pgBin("pg_basebackup"),
      ["-h", "127.0.0.1", "-p", String(ports.primary), "-U", "shop", "-D", replicaDir, "-R", "-X", "stream", "-c", "fast"],
      "pg_basebackup",
    );
    fs.appendFileSync(path.join(replicaDir, "postgresql.conf"), `port = ${ports.replica}\n`);
    pgCtl(replicaDir, "start");

    log(`PgBouncer (transaction mode) on ${ports.pgbouncer}`);
    fs.writeFileSync(path.join(dir, "userlist.txt"), '"shop" ""\n');
    fs.writeFileSync(path.join(dir, "pgbouncer.ini"), pgbouncerIni(ports, dir, poolSize));
    if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", dir]);
    start("pgbouncer", "/usr/sbin/pgbouncer", [path.join(dir, "pgbouncer.ini")], {}, { postgres: true });
    await waitFor(async () => {
      await run(pgBin("psql"), ["-h", "127.0.0.1", "-p", String(ports.pgbouncer), "-U", "shop", "-d", "shop", "-c", "SELECT 1"], {}, { quiet: true });
      return true;
    }, "PgBouncer");

    if (!fs.existsSync(path.join(root, "build", "index.js"))) {
      log("building the app");
      await run("npx", ["remix", "build"], {}, { quiet: true });
      await mergeChunks({ quiet: true }); // fewer, larger scripts (decision 083)
    }
    const apps = [];
    for (let i = 0; i < instances; i += 1) apps.push(startApp(i));
    log(`${instances} app instances on ${ports.app}–${ports.app + instances - 1}`);
    for (const app of apps) await waitFor(() => healthy(`${app}/healthcheck`), `${app}/healthcheck`);

    log(`Varnish on ${ports.varnish}`);
    const vclDir = path.join(dir, "vcl");
    fs.mkdirSync(vclDir);
    fs.copyFileSync(path.join(root, "deploy", "varnish", "shop.vcl"), path.join(vclDir, "shop.vcl"));
    fs.writeFileSync(path.join(vclDir, "backends.vcl"), backendsVcl(apps.length, ports));
    fs.chmodSync(vclDir, 0o755);
    start("varnish", "/usr/sbin/varnishd", varnishArgs(ports, vclDir, dir));
    const front = `http://127.0.0.1:${ports.varnish}`;
    await waitFor(() => healthy(`${front}/healthcheck`), "Varnish");
    return { apps, front };
  }

  // A step that fails half-way (initdb, the seed, a server that never answers) must not leave
  // PostgreSQL, PgBouncer or an app running on the machine: stop what did start, then fail.
  let booted;
  try {
    booted = await boot();
  } catch (error) {
    log("start-up failed; stopping what had started");
    if (children.size) console.error(logs());
    await stop();
    throw error;
  }
  const { apps, front } = booted;

  return {
    dir,
    ports,
    front,
    apps,
    poolSize,
    /** Where the primary archives its WAL (backups/wal) and `npm run backup` puts base backups (backups/base). */
    backupDir: path.join(dir, "backups"),
    urls: { primary: url(ports.primary), replica: url(ports.replica), pgbouncer: url(ports.pgbouncer), pgbouncerAdmin: url(ports.pgbouncer, "pgbouncer") },
    logs,
    /** SIGKILL of one app instance; `restartApp` brings it back on the same port. */
    killApp(i) {
      const entry = children.get(`app-${i}`);
      if (entry) signalGroup(entry.child, "SIGKILL");
    },
    async restartApp(i) {
      const app = startApp(i);
      await waitFor(() => healthy(`${app}/healthcheck`), `${app}/healthcheck`);
    },
    /** SIGTERM (a deploy's stop) to app instance i; resolves with its exit code and how long it took. */
    async stopApp(i, signal = "SIGTERM") {
      const { child } = children.get(`app-${i}`);
      if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode ?? child.signalCode, ms: 0 };
      const t0 = Date.now();
      const exited = new Promise((r) => child.once("exit", (code, sig) => r(code ?? sig)));
      child.kill(signal);
      return { code: await exited, ms: Date.now() - t0 };
    },
    /** Whether Varnish's probe calls instance i healthy now (varnishadm backend.list). */
    backendHealthy(i) {
      const out = spawnSync("varnishadm", ["-n", path.join(dir, "varnish"), "backend.list"], { encoding: "utf8" }).stdout ?? "";
      return out.split("\n").some((line) => new RegExp(`\\.shop${i}\\s`).test(line) && /\bhealthy\b/i.test(line) && !/\bsick\b/i.test(line));
    },
    /** SIGKILL of the primary's postmaster, as a crash would; `restartPrimary` starts it again. */
    killPrimary() {
      const pid = Number(fs.readFileSync(path.join(primaryDir, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(pid, "SIGKILL");
    },
    restartPrimary() {
      // The killed postmaster's backends end when they notice; pg_ctl waits for the port.
      fs.rmSync(path.join(primaryDir, "postmaster.pid"), { force: true });
      pgCtl(primaryDir, "start");
    },
    /** SIGKILL of the replica's postmaster; `restartReplica` starts it again, and it resumes streaming. */
    killReplica() {
      const pid = Number(fs.readFileSync(path.join(replicaDir, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(pid, "SIGKILL");
    },
    restartReplica() {
      fs.rmSync(path.join(replicaDir, "postmaster.pid"), { force: true });
      pgCtl(replicaDir, "start");
    },
    stop,
  };
}

/**
 * Starts a fresh cluster, runs `work` on it and stops everything, also when
 * stopped from outside (CI's timeout, Ctrl-C); on a failure prints it with the
 * servers' last log lines. Exits the process: 0 if `work` succeeded, else 1.
 */
export async function runOnCluster(options, work) {
  const cluster = await startCluster(options);
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => void cluster.stop().finally(() => process.exit(1)));
  }
  let failed = false;
  try {
    await work(cluster);
  } catch (error) {
    failed = true;
    console.error(error);
    console.error(cluster.logs());
  } finally {
    await cluster.stop();
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster();
  say(`the shop: ${cluster.front} (Varnish → ${cluster.apps.join(", ")} → PgBouncer → PostgreSQL, replica on ${cluster.ports.replica})`);
  say("Ctrl-C stops everything");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say("stopping");
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // kill -HUP: a rolling restart, one instance at a time, each drained first (decision 081).
  say(`kill -HUP ${process.pid} restarts the app instances one at a time`);
  process.on("SIGHUP", () => void rollingRestart(cluster, { log: say }).catch((error) => say(`rolling restart failed: ${error.message}`)));
}
