// EXPLAIN ANALYZE of the catalogue's hot queries, exactly as the app sends them:
//   DATABASE_URL=postgresql://… npx tsx scripts/explain-catalogue.ts [case name part]
// Each service call runs once with a client that records its SQL and
// parameters; every statement is then explained on a plain connection.
// RUNS=15 also prints the fastest and median execution time of that many
// EXPLAIN (ANALYZE, TIMING OFF) runs: per-node timing inflates row-heavy plans.
// See docs/decisions/014-catalogue-search.md for plans at 1k and 100k products.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";

const captured: { query: string; params: string }[] = [];
const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }), log: [{ emit: "event", level: "query" }] });
client.$on("query", (e) => captured.push({ query: e.query, params: e.params }));
(globalThis as unknown as { prisma: PrismaClient }).prisma = client;

const { NO_OPTIONS, findCataloguePage } = await import("~/models/catalogue/catalogue-search.server");
const { suggest } = await import("~/models/catalogue/catalogue-suggest.server");
const { listFacets } = await import("~/models/catalogue/catalogue-facets.server");

const cases: [string, () => Promise<unknown>][] = [
  ["home page 1", () => findCataloguePage({ page: 1, pageSize: 8 })],
  [
    "home last page",
    async () => {
      const { pages } = await findCataloguePage({ page: 1, pageSize: 8 });
      captured.length = 0;
      return findCataloguePage({ page: pages, pageSize: 8 });
    },
  ],
  ["category page 1", () => findCataloguePage({ categoryId: 3, page: 1, pageSize: 8 })],
  ["keyword nakshi", () => findCataloguePage({ keyword: "nakshi", page: 1, pageSize: 8 })],
  ["keyword typo panjbi", () => findCataloguePage({ keyword: "panjbi", page: 1, pageSize: 8 })],
  ["suggest pan", () => suggest("pan")],
  ["price sort", () => findCataloguePage({ options: { ...NO_OPTIONS, sort: "price-asc" }, page: 1, pageSize: 8 })],
  ["price sort size M", () => findCataloguePage({ options: { ...NO_OPTIONS, sort: "price-asc", size: ["M"] }, page: 1, pageSize: 8 })],
  [
    "price sort size M in a category",
    () => findCataloguePage({ categoryId: 2, options: { ...NO_OPTIONS, sort: "price-asc", size: ["M"] }, page: 1, pageSize: 8 }),
  ],
  ["keyword muslin", () => findCataloguePage({ keyword: "muslin", page: 1, pageSize: 8 })],
  ["suggest mus", () => suggest("mus")],
  ["facets home", () => listFacets({ options: NO_OPTIONS })],
];
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const only = process.argv[2];
for (const [name, run] of cases) {
  if (only && !name.includes(only)) continue;
  captured.length = 0;
  await run();
  for (const { query, params } of captured) {
    const values = JSON.parse(params);
    await db.query(`EXPLAIN (ANALYZE) ${query}`, values); // warm
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, values);
    const plan = rows.map((r) => r["QUERY PLAN"]);
    console.log(`\n#### ${name}\n${plan.join("\n")}`);
    const runs = Number(process.env.RUNS ?? 0);
    if (runs > 1) {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const { rows: json } = await db.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${query}`, values);
        ms.push(json[0]["QUERY PLAN"][0]["Execution Time"]);
      }
      ms.sort((a, b) => a - b);
      console.log(`${name}: fastest ${ms[0]!.toFixed(3)} ms, median ${ms[Math.floor(runs / 2)]!.toFixed(3)} ms of ${runs} (timing off)`);
    }
  }
}
await db.end();
process.exit(0);
