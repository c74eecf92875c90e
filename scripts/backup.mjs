// `npm run backup` and `npm run restore -- --to "<time>"`: base backups and
// point-in-time restore with PostgreSQL's own tools from Debian (pg_basebackup,
// WAL archived by the server's archive_command; decision 052, docs/deploy.md).
//
//   BACKUP_DIR=/var/backups/shop  the archive: base/<stamp>/ (base.tar.gz, pg_wal.tar.gz,
//                                 backup.json) and wal/ (filled by archive_command)
//   BACKUP_DATABASE_URL           a superuser or REPLICATION role on the primary
//                                 (else DIRECT_DATABASE_URL, else DATABASE_URL)
//   BACKUP_KEEP=7                 base backups kept; WAL older than the oldest kept one goes too
//
//   npm run backup                                 a base backup now, then the retention sweep
//   npm run restore -- --to "2026-11-28 14:05:00+06" --into /var/lib/postgresql/restored [--port 5499] [--keep-running]
//     makes a NEW data directory from the newest base backup older than the target, replays
//     archived WAL up to just before it, promotes it, and says how long that took.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { asPostgres, pgBin } from "./debian-services.mjs";

const asRoot = process.getuid?.() === 0;

function sh(command, args, what, { postgres = false } = {}) {
  const [cmd, argv] = postgres ? asPostgres(command, args) : [command, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${what} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export function backupDir() {
  const dir = process.env.BACKUP_DIR;
  if (!dir) throw new Error("BACKUP_DIR is not set: where the base backups and the WAL archive live (docs/deploy.md)");
  return path.resolve(dir);
}

/** The archive_command the primary needs (postgresql.conf), for `archiveDir`: copy, never overwrite. */
export const archiveCommand = (archiveDir) => `test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f`;

/** The WAL file name of an LSN such as "0/2000028" on a timeline (16 MB segments, PostgreSQL's default). */
function walFile(timeline, lsn) {
  const [hi, lo] = lsn.split("/").map((h) => parseInt(h, 16));
  const hex = (n) => n.toString(16).toUpperCase().padStart(8, "0");
  return `${hex(timeline)}${hex(hi)}${hex(Math.floor(lo / 0x1000000))}`;
}

/** A base backup now: pg_basebackup, compressed tar, with the WAL it needs; then the retention sweep. */
export function backup({
  dir = backupDir(),
  url = process.env.BACKUP_DATABASE_URL || process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL,
  keep = Number(process.env.BACKUP_KEEP) || 7,
} = {}) {
  if (!url) throw new Error("BACKUP_DATABASE_URL (or DATABASE_URL) is not set");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = path.join(dir, "base", stamp);
  fs.mkdirSync(path.join(dir, "base"), { recursive: true });
  fs.mkdirSync(path.join(dir, "wal"), { recursive: true });
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const startedAt = new Date();
  sh(pgBin("pg_basebackup"), ["-d", url, "-D", target, "-Ft", "-z", "-X", "stream", "-c", "fast", "-l", `shop ${stamp}`], "pg_basebackup", {
    postgres: asRoot,
  });
  const finishedAt = new Date();
  const manifest = JSON.parse(fs.readFileSync(path.join(target, "backup_manifest"), "utf8"));
  const range = manifest["WAL-Ranges"][0];
  const info = { startedAt, finishedAt, firstWal: walFile(range.Timeline, range["Start-LSN"]), bytes: dirBytes(target) };
  fs.writeFileSync(path.join(target, "backup.json"), JSON.stringify(info, null, 2));
  console.log(`backup: ${target} (${(info.bytes / 1e6).toFixed(1)} MB compressed) in ${((finishedAt - startedAt) / 1000).toFixed(1)} s`);
  sweep(dir, keep);
  return { dir: target, ...info };
}

function defaultUser() {
  const url = process.env.BACKUP_DATABASE_URL || process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL;
  return (url && decodeURIComponent(new URL(url).username)) || "postgres";
}

const dirBytes = (d) => fs.readdirSync(d).reduce((n, f) => n + fs.statSync(path.join(d, f)).size, 0);

/** Base backups, oldest first, with their backup.json. */
export function baseBackups(dir = backupDir()) {
  const base = path.join(dir, "base");
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base)
    .filter((d) => fs.existsSync(path.join(base, d, "backup.json")))
    .sort()
    .map((d) => ({ dir: path.join(base, d), ...JSON.parse(fs.readFileSync(path.join(base, d, "backup.json"), "utf8")) }));
}

/** Keeps the newest `keep` base backups, and the WAL from the oldest of them on (pg_archivecleanup). */
function sweep(dir, keep) {
  const all = baseBackups(dir);
  const dropped = all.slice(0, Math.max(0, all.length - keep));
  for (const b of dropped) fs.rmSync(b.dir, { recursive: true, force: true });
  const oldest = all[all.length - Math.min(keep, all.length)];
  if (oldest) sh(pgBin("pg_archivecleanup"), [path.join(dir, "wal"), oldest.firstWal], "pg_archivecleanup");
  if (dropped.length) console.log(`backup: ${dropped.length} older base backup(s) and their WAL removed (BACKUP_KEEP=${keep})`);
}

/**
 * Restores into a new data directory the state of `to` (a time PostgreSQL understands, with its zone):
 * the newest base backup finished before it, then archived WAL replayed up to just before `to`.
 * Starts the restored server on `port` to replay and promote it, then stops it (unless keepRunning).
 */
export function restore({ to, into, port = 5499, dir = backupDir(), keepRunning = false, user = defaultUser() }) {
  if (!to || Number.isNaN(Date.parse(to))) throw new Error(`--to needs a time, such as "2026-11-28 14:05:00+06" (got ${to})`);
  if (!into) throw new Error("--into needs a new data directory");
  if (fs.existsSync(into) && fs.readdirSync(into).length) throw new Error(`${into} is not empty: restore makes a new data directory, it never overwrites one`);
  const target = new Date(to);
  const base = baseBackups(dir)
    .filter((b) => new Date(b.finishedAt) < target)
    .at(-1);
  if (!base) throw new Error(`no base backup in ${dir} finished before ${to}`);
  const t0 = Date.now();
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  sh("tar", ["-xzf", path.join(base.dir, "base.tar.gz"), "-C", into], "tar (base)");
  if (fs.existsSync(path.join(base.dir, "pg_wal.tar.gz")))
    sh("tar", ["-xzf", path.join(base.dir, "pg_wal.tar.gz"), "-C", path.join(into, "pg_wal")], "tar (pg_wal)");
  fs.appendFileSync(
    path.join(into, "postgresql.auto.conf"),
    [
      "",
      "# written by npm run restore",
      `restore_command = 'cp "${path.join(dir, "wal")}/%f" "%p"'`,
      `recovery_target_time = '${target.toISOString().replace("T", " ").replace("Z", "+00")}'`,
      "recovery_target_inclusive = off",
      "recovery_target_action = 'promote'",
      // The restored copy must not archive into the production archive, nor listen beyond this machine.
      "archive_mode = off",
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${into}'`,
      "",
    ].join("\n"),
  );
  fs.writeFileSync(path.join(into, "recovery.signal"), "");
  fs.chmodSync(into, 0o700);
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", into]);
  const log = `${into}.log`;
  if (asRoot) {
    fs.writeFileSync(log, "");
    spawnSync("chown", ["postgres:postgres", log]);
  }
  try {
    sh(pgBin("pg_ctl"), ["-D", into, "-w", "-t", "300", "-l", log, "start"], "pg_ctl start (restored)", { postgres: asRoot });
  } catch (error) {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").slice(-15).join("\n") : "(no log)";
    throw new Error(`${error.message}\n--- ${log}\n${tail}`);
  }
  // Promoted means the target was reached and the server took writes: poll until then.
  for (const until = Date.now() + 300_000; ;) {
    const out = sh(pgBin("psql"), ["-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", "postgres", "-At", "-c", "SELECT pg_is_in_recovery()"], "psql", {
      postgres: asRoot,
    }).trim();
    if (out === "f") break;
    if (Date.now() > until) throw new Error(`the restored server is still recovering after 300 s; see ${log}`);
    spawnSync("sleep", ["0.2"]);
  }
  const seconds = (Date.now() - t0) / 1000;
  if (!keepRunning) sh(pgBin("pg_ctl"), ["-D", into, "-w", "stop"], "pg_ctl stop (restored)", { postgres: asRoot });
  console.log(
    `restore: ${into} is the database as of ${target.toISOString()} (base backup of ${base.finishedAt}, then archived WAL), in ${seconds.toFixed(1)} s${keepRunning ? `; running on port ${port}` : ""}`,
  );
  return { base, seconds, port };
}

function args(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (!argv[i].startsWith("--")) continue;
    const key = argv[i].slice(2);
    out[key] = argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[++i] : true;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === "backup") backup();
    else if (command === "restore") {
      const a = args(rest);
      restore({ to: a.to, into: a.into && path.resolve(a.into), port: Number(a.port) || 5499, keepRunning: Boolean(a["keep-running"]) });
    } else throw new Error("usage: node scripts/backup.mjs backup | restore --to <time> --into <new data dir> [--port N] [--keep-running]");
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
