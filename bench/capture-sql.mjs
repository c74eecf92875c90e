// Preloaded into a shop process by the benchmark (`node --import`): appends
// every SQL statement the pg driver sends, with its parameters, to
// $BENCH_SQL_LOG, so the bench can count round trips per request and EXPLAIN
// exactly what Prisma sent. Never loaded outside the benchmark.
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pg = require("pg");
const log = process.env.BENCH_SQL_LOG;
const original = pg.Client.prototype.query;

pg.Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === "string" ? config : config?.text;
  const params = Array.isArray(values) ? values : config?.values;
  if (log && text) fs.appendFileSync(log, `${JSON.stringify({ text, values: params ?? [] }, (_k, v) => (typeof v === "bigint" ? String(v) : v))}\n`);
  return original.call(this, config, values, callback);
};
