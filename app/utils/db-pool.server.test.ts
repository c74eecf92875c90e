import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { createPool } from "./db-pool.server";
import { isDatabaseUnavailable } from "./db-errors.server";

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
