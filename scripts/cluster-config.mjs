// The configuration the cluster (scripts/cluster.mjs) writes for each
// service: the primary's postgresql.conf lines, PgBouncer's ini, Varnish's
// backends and its command line.
import path from "node:path";

import { archiveCommand } from "./backup.mjs";

/** The primary's settings: replication, and WAL archiving for point-in-time restore (npm run backup / restore, docs/deploy.md). */
export const primaryConf = (ports, dir) =>
  [
    `port = ${ports.primary}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    "wal_level = replica",
    "max_wal_senders = 5",
    "hot_standby = on",
    "max_connections = 100",
    "fsync = off",
    // WAL archiving for point-in-time restore (npm run backup / restore, docs/deploy.md).
    "archive_mode = on",
    `archive_command = '${archiveCommand(path.join(dir, "backups", "wal"))}'`,
    "archive_timeout = 60",
    "",
  ].join("\n");

/** PgBouncer in transaction mode in front of the primary. */
export const pgbouncerIni = (ports, dir, poolSize) =>
  [
    "[databases]",
    `shop = host=127.0.0.1 port=${ports.primary} dbname=shop`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${ports.pgbouncer}`,
    `unix_socket_dir = ${dir}`,
    "auth_type = trust",
    `auth_file = ${path.join(dir, "userlist.txt")}`,
    "admin_users = shop",
    "pool_mode = transaction",
    `default_pool_size = ${poolSize}`,
    "max_client_conn = 1000",
    // node-postgres sends these as start-up parameters; the database sets the timeout (above).
    "ignore_startup_parameters = extra_float_digits,statement_timeout",
    "",
  ].join("\n");

/** One backend per app instance, probed, and a round-robin director over them (included by deploy/varnish/shop.vcl). */
export const backendsVcl = (instances, ports) =>
  [
    ...Array.from({ length: instances }, (_, i) => i).map((i) => `backend shop${i} { .host = "127.0.0.1"; .port = "${ports.app + i}"; .probe = healthcheck; }`),
    "sub vcl_init {",
    "  new shops = directors.round_robin();",
    ...Array.from({ length: instances }, (_, i) => i).map((i) => `  shops.add_backend(shop${i});`),
    "}",
    "",
  ].join("\n");

/** varnishd in the foreground, on the cluster's port, with the shop's VCL and its backends. */
export const varnishArgs = (ports, vclDir, dir) => [
  "-F",
  "-a",
  `127.0.0.1:${ports.varnish}`,
  "-f",
  path.join(vclDir, "shop.vcl"),
  "-p",
  `vcl_path=${vclDir}`,
  "-n",
  path.join(dir, "varnish"),
  "-s",
  "malloc,64m",
];
