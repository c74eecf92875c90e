// `npm start` survives its own SIGKILL (issue 13 #5): the embedded PostgreSQL
// dies with its parent (the watchdog), and a server orphaned anyway (its
// watchdog killed too, as by an older version) is stopped by the next start,
// which then serves again.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { tempDataDir } from "../../scripts/pg.mjs";

import { assert, request, waitFor } from "./support.mjs";

function alive(pid) {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z "); // a zombie is dead
  } catch {
    return false;
  }
}

function childrenOf(pid) {
  return fs
    .readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The first start initialises a cluster and runs the migration CLI: slow on a busy machine. */
export const limitMs = 200_000;

export default async function npmStart(ctx) {
  const dataDir = tempDataDir("shop-chaos-start");
  const port = ctx.basePort + 3;
  const url = `http://127.0.0.1:${port}`;
  // Without DATABASE_URL, npm start runs its own embedded PostgreSQL.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  let log = "";
  const started = [];

  async function start() {
    const proc = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: ctx.root,
      env: { ...env, SHOP_DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "0", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(proc);
    proc.stdout.on("data", (d) => (log += d));
    proc.stderr.on("data", (d) => (log += d));
    await waitFor(async () => (await request(`${url}/healthcheck`, { timeoutMs: 5_000 })).status === 200, {
      timeoutMs: 120_000,
      what: "npm start to serve /healthcheck",
      unless: () => proc.exitCode !== null && `npm start exited (${proc.exitCode}):\n${log}`,
    });
    const pgDir = fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid")) ? path.join(dataDir, "postgres") : null;
    assert.ok(pgDir, `no postmaster.pid under ${dataDir}/postgres:\n${log}`);
    const postmaster = Number(fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return { proc, postmaster };
  }

  try {
    // 1. SIGKILL of npm start: the watchdog stops PostgreSQL.
    let run = await start();
    ctx.say("npm start is up; SIGKILL it");
    run.proc.kill("SIGKILL");
    await waitFor(async () => !alive(run.postmaster), { timeoutMs: 30_000, what: "PostgreSQL to stop after its parent was SIGKILLed" });

    // 2. Parent and watchdog killed together: the next start stops the orphan and serves.
    run = await start();
    ctx.say("npm start is up again; SIGKILL it and its watchdog");
    const watchdogs = childrenOf(run.proc.pid).filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("pg-watchdog"));
    assert.equal(watchdogs.length, 1, "npm start runs one PostgreSQL watchdog");
    for (const pid of [...watchdogs, run.proc.pid]) process.kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 1_000));
    assert.ok(alive(run.postmaster), "the orphaned PostgreSQL should still be running here");
    const orphan = run.postmaster;
    run = await start();
    ctx.say("npm start stopped the orphan and is up");
    assert.ok(!alive(orphan), "the orphaned PostgreSQL is still running");
    assert.match(log, /stopping a server left running by an earlier start/);

    // 3. A normal stop stops PostgreSQL too.
    run.proc.kill("SIGTERM");
    await waitFor(async () => run.proc.exitCode !== null && !alive(run.postmaster), { timeoutMs: 30_000, what: "npm start and PostgreSQL to stop on SIGTERM" });
  } finally {
    // A failed step must not leave a shop or PostgreSQL behind (the watchdog follows its parent).
    for (const proc of started) if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 3_000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
