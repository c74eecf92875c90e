// How long a restore takes, measured (issue 31): a primary from Debian's
// PostgreSQL with WAL archiving, as docs/deploy.md sets it up (fsync on), the
// demo grown to the bench's catalogue plus a shop's years of orders, then the
// commands an operator runs: `npm run backup`, more orders (the WAL a restore
// replays), `npm run restore -- --to <now>`. Prints the database's size, the
// base backup's, the WAL replayed, and each step's time. Figures go into
// docs/deploy.md ("How long") by hand. Needs several GB free (`df -h`).
//   node bench/restore-time.mjs [--products 100000] [--orders 1500000] [--after 100000] [--port 4870] [--keep]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { growCatalogue } from "./lib/catalogue.mjs";
import { archiveCommand } from "../scripts/backup.mjs";
import { asPostgres, pgBin } from "../scripts/debian-services.mjs";
import { migrate, query, seedDemo } from "../scripts/db-tasks.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: opt } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    orders: { type: "string", default: "1500000" },
    after: { type: "string", default: "100000" },
    port: { type: "string", default: "4870" },
    keep: { type: "boolean", default: false },
  },
});
const started = Date.now();
const log = (...a) => console.log(`[restore-time ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s]`, ...a);
const asRoot = process.getuid?.() === 0;
const port = Number(opt.port);
const url = `postgresql://shop@127.0.0.1:${port}/shop`;

function sh(command, args, what, { postgres = false, env = {} } = {}) {
  const [cmd, argv] = postgres ? asPostgres(command, args) : [command, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8", cwd: root, env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${what} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
const timed = (fn) => {
  const t0 = Date.now();
  const out = fn();
  return { out, seconds: (Date.now() - t0) / 1000 };
};
const gb = (bytes) => `${(bytes / 1e9).toFixed(2)} GB`;
const duBytes = (p) => Number(sh("du", ["-sb", p], "du").split("\t")[0]);
const one = async (sql, params) => (await query(url, sql, params)).rows[0];

/**
 * Orders as checkout writes them (two lines each, an event), in batches so that
 * WAL is archived as it would be over a shop's life. Spread over two years.
 */
async function placeOrders(count, note) {
  const BATCH = 250_000;
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    await query(
      url,
      `WITH o AS (
         INSERT INTO "Order" (id, "placedAsGuest", "shippingName", "shippingEmail", address, city, "postalCode", phone,
                              "itemsPaisa", "shippingPaisa", "taxPaisa", "totalPaisa", "isPaid", "paidAt", "isDelivered", "deliveredAt",
                              "confirmedAt", "confirmMethod", "createdAt")
         SELECT gen_random_uuid()::text, true, 'Customer ' || g, 'customer' || g || '@example.com',
                'House ' || (g % 90 + 1) || ', Road ' || (g % 30 + 1) || ', ${note}', 'Dhaka', '12' || lpad((g % 100)::text, 2, '0'),
                '018' || lpad((g % 100000000)::text, 8, '0'), 250000, 6000, 0, 256000, g % 3 <> 0, now(), g % 3 <> 0, now(),
                now(), 'auto', now() - (g % 730) * interval '1 day'
           FROM generate_series(1, $1::int) g
         RETURNING id, number)
       , items AS (
         INSERT INTO "OrderItem" ("orderId", "productId", name, image, "pricePaisa", qty, "selectedSize")
         SELECT o.id, p.id, p.name, p.image, p."pricePaisa", 1 + (o.number % 2), 'M'
           FROM o CROSS JOIN generate_series(0, 1) k
           JOIN "Product" p ON p.id = 1 + ((o.number * 7 + k * 3) % $2::int))
       INSERT INTO "OrderEvent" ("orderId", type, reason) SELECT id, 'confirmed', 'auto' FROM o`,
      [n, Number(opt.products)],
    );
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restore-time-"));
fs.chmodSync(dir, 0o755);
if (asRoot) spawnSync("chown", ["postgres:postgres", dir]);
const data = path.join(dir, "primary");
const archive = path.join(dir, "backups");
const restored = path.join(dir, "restored");
const pgCtl = (action, extra = []) =>
  sh(pgBin("pg_ctl"), ["-D", data, "-w", "-t", "120", "-l", `${data}.log`, action, ...extra], `pg_ctl ${action}`, { postgres: asRoot });
const backupEnv = { BACKUP_DIR: archive, BACKUP_DATABASE_URL: url };

try {
  log(`PostgreSQL primary with WAL archiving on ${port}, in ${dir}`);
  fs.mkdirSync(path.join(archive, "wal"), { recursive: true });
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", archive]);
  sh(pgBin("initdb"), ["-D", data, "-U", "shop", "--auth=trust", "-E", "UTF8", "--locale=C"], "initdb", { postgres: asRoot });
  fs.appendFileSync(
    path.join(data, "postgresql.conf"),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      "wal_level = replica",
      "archive_mode = on",
      `archive_command = '${archiveCommand(path.join(archive, "wal"))}'`,
      "archive_timeout = 60",
      "max_wal_size = 2GB",
      "",
    ].join("\n"),
  );
  pgCtl("start");
  sh(pgBin("createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "shop", "shop"], "createdb", { postgres: asRoot });
  await migrate(url);
  await seedDemo(url);
  log(`growing the catalogue to ${opt.products} products`);
  await growCatalogue(url, Number(opt.products));
  log(`placing ${opt.orders} orders`);
  await placeOrders(Number(opt.orders), "before");
  await query(url, "VACUUM (ANALYZE)");
  const { size } = await one("SELECT pg_database_size('shop')::bigint AS size");
  const counts = await one(
    `SELECT (SELECT count(*) FROM "Product")::int AS products, (SELECT count(*) FROM "Order")::int AS orders, (SELECT count(*) FROM "OrderItem")::int AS items`,
  );
  log(`database: ${gb(Number(size))} (${counts.products} products, ${counts.orders} orders, ${counts.items} order lines); data directory ${gb(duBytes(data))}`);

  log("npm run backup");
  const base = timed(() => sh(process.execPath, ["scripts/backup.mjs", "backup"], "npm run backup", { env: backupEnv }));
  const baseBytes = duBytes(path.join(archive, "base"));
  log(`backup: ${gb(baseBytes)} compressed in ${base.seconds.toFixed(1)} s`);

  const { lsn: fromLsn } = await one("SELECT pg_current_wal_lsn()::text AS lsn");
  log(`placing ${opt.after} more orders after the base backup (the WAL a restore replays)`);
  await placeOrders(Number(opt.after), "after");
  const { orders: expected } = await one(`SELECT count(*)::int AS orders FROM "Order"`);
  const { at } = await one("SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') || '+00' AS at");
  await new Promise((r) => setTimeout(r, 1_100));
  // One more commit past the target and a switch, so the archive holds WAL beyond it and recovery can stop there.
  await query(url, `UPDATE "ShopSetting" SET value = value WHERE false`);
  await query(url, "CREATE TABLE after_target (x int); DROP TABLE after_target");
  const { lsn: toLsn } = await one("SELECT pg_current_wal_lsn()::text AS lsn, pg_switch_wal()");
  const { walBytes } = await one('SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::bigint AS "walBytes"', [toLsn, fromLsn]);
  for (const until = Date.now() + 600_000; ;) {
    const { pending } = await one(
      "SELECT (last_archived_wal IS NULL OR last_archived_wal < pg_walfile_name(pg_current_wal_lsn())) AS pending FROM pg_stat_archiver",
    );
    if (!pending) break;
    if (Date.now() > until) throw new Error("WAL not archived within 10 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  log(`WAL since the base backup: ${gb(Number(walBytes))}; target ${at}`);

  log(`npm run restore -- --to "${at}" --into ${restored}`);
  const rest = timed(() =>
    sh(process.execPath, ["scripts/backup.mjs", "restore", "--to", at, "--into", restored, "--port", String(port + 1), "--keep-running"], "npm run restore", {
      env: backupEnv,
    }),
  );
  process.stdout.write(rest.out);
  const got = (await query(`postgresql://shop@127.0.0.1:${port + 1}/shop`, `SELECT count(*)::int AS orders FROM "Order"`)).rows[0].orders;
  sh(pgBin("pg_ctl"), ["-D", restored, "-w", "stop"], "pg_ctl stop (restored)", { postgres: asRoot });
  if (got !== expected) throw new Error(`the restored database has ${got} orders, expected ${expected}`);
  log(
    `RESULT database ${gb(Number(size))}, base backup ${gb(baseBytes)} (taken in ${base.seconds.toFixed(0)} s), WAL replayed ${gb(Number(walBytes))}: ` +
      `restore ${rest.seconds.toFixed(0)} s (${expected} orders, all there); ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
  );
} finally {
  try {
    pgCtl("stop", ["-m", "fast"]);
  } catch {
    // not running
  }
  if (!opt.keep) fs.rmSync(dir, { recursive: true, force: true });
  else log(`kept ${dir}`);
}
