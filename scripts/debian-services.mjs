// Debian's PostgreSQL, PgBouncer and Varnish as child processes of the
// cluster scripts (scripts/cluster.mjs, backup.mjs, the restore drill): where
// the binaries are, running them as the postgres user when we are root,
// waiting for a service and signalling a process group.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Debian's PostgreSQL binaries, newest version first. */
export function pgBin(name) {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const file = path.join(base, v, "bin", name);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`${name} not found: apt-get install postgresql pgbouncer varnish`);
}

// PostgreSQL and PgBouncer refuse to run as root: CI runs as root, so they run as the postgres user Debian creates.
export const asRoot = process.getuid?.() === 0;
export const asPostgres = (command, args) => (asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]);

export function runSync(command, args, what) {
  const [cmd, argv] = asPostgres(command, args);
  const result = spawnSync(cmd, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export async function waitFor(check, what, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A signal to a child's whole process group (runuser and the server it runs). */
export function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

export async function healthy(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
  return res.status === 200;
}
