import { AsyncLocalStorage } from "node:async_hooks";

import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { createPool } from "./db-pool.server";
import { isDatabaseUnavailable } from "./db-errors.server";
import { processCache } from "./ttl-cache.server";

// What a PostgreSQL crash does to the app's pool (issue 13 #1): connections
// die under their borrowers. The process must not crash on the 'error' event,
// and a dead connection must not keep its slot, even if its borrower never
// gives it back (as Prisma's transaction does when its ROLLBACK fails).

const url = process.env.DATABASE_URL!;
const pools: pg.Pool[] = [];
afterAll(() => Promise.all(pools.map((p) => p.end())));

async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("SELECT pg_terminate_backend($1)", [pid]);
  await admin.end();
}

describe("the connection pool", () => {
  it("survives a connection killed under its borrower, and frees its slot though it is never released", async () => {
    const pool = createPool(url, 2);
    pools.push(pool);
    const borrowed = await pool.connect();
    await borrowed.query("BEGIN");
    const { rows } = await borrowed.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const died = new Promise((resolve) => borrowed.once("error", resolve));
    await terminate(rows[0]!.pid); // 57P01, as on a server shutdown or crash
    await died;

    // Both slots serve again although the borrower has not released its client.
    const results = await Promise.all([pool.query("SELECT 1 AS one"), pool.query("SELECT 1 AS one")]);
    expect(results.map((r) => r.rows[0].one)).toEqual([1, 1]);
    // The borrower's late release (after its failed ROLLBACK) is harmless.
    await expect(borrowed.query("ROLLBACK")).rejects.toSatisfy(isDatabaseUnavailable);
    expect(() => borrowed.release()).not.toThrow();
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });

  it("an idle pooled connection killed by the server is dropped, and the next query reconnects", async () => {
    const pool = createPool(url, 1);
    pools.push(pool);
    const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    await terminate(rows[0]!.pid);
    await expect.poll(() => pool.totalCount).toBe(0);
    const again = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
  });
});

// server/deadline.js's store, as server.js sets it for each request (issue 31 #3).
const KEY = Symbol.for("tanabana.request-deadline");
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<number> };
const deadlines = (holder[KEY] ??= new AsyncLocalStorage<number>());
const withinDeadline = <T>(ms: number, fn: () => Promise<T>) => deadlines.run(Date.now() + ms, fn);

describe("one deadline per request", () => {
  it("a request whose time is spent waits no longer for a connection, and its query ends soon after", async () => {
    const pool = createPool(url, 1);
    pools.push(pool);
    const held = await pool.connect(); // every slot taken, as by queries on a frozen server
    try {
      let t0 = Date.now();
      // The pool alone would queue this for DB_CONNECT_TIMEOUT_MS (8 s); the request has 300 ms left.
      await expect(withinDeadline(300, () => pool.query("SELECT 1"))).rejects.toSatisfy(isDatabaseUnavailable);
      expect(Date.now() - t0).toBeLessThan(1_500);
      t0 = Date.now();
      await expect(withinDeadline(-1, () => pool.connect())).rejects.toSatisfy(isDatabaseUnavailable);
      expect(Date.now() - t0).toBeLessThan(200);

      // A query on a connection already held: bounded by the time left, but never under 1 s (a ROLLBACK must run).
      t0 = Date.now();
      await expect(withinDeadline(100, () => held.query({ text: "SELECT pg_sleep(3)" }))).rejects.toSatisfy(isDatabaseUnavailable);
      expect(Date.now() - t0).toBeLessThan(2_500);
    } finally {
      held.release(true);
    }
    // Outside a request nothing changes.
    await expect(pool.query("SELECT 1 AS one")).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});

describe("a read shared between requests", () => {
  it("a request joining a read another request began waits only until its own deadline", async () => {
    const pool = createPool(url, 2);
    pools.push(pool);
    // The header categories, say: one load per process, begun by whichever request comes first.
    const shared = processCache(60_000, async () => (await pool.query<{ n: number }>("SELECT pg_sleep(1.5), 7 AS n")).rows[0]!.n);
    // A later request begins it, with most of its time ahead (as on a frozen server: seconds more).
    const begun = withinDeadline(5_000, () => shared.get());
    // An earlier request, its time nearly spent on its first step, needs the same read for its 503 page.
    const t0 = Date.now();
    await expect(withinDeadline(200, () => shared.get())).rejects.toSatisfy(isDatabaseUnavailable);
    expect(Date.now() - t0).toBeLessThan(1_000);
    // The read itself goes on for the request that began it, and is kept.
    await expect(begun).resolves.toBe(7);
    // Once it is there, it is served whatever the time: a value costs no wait.
    await expect(withinDeadline(-1, () => shared.get())).resolves.toBe(7);
  });
});
