import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { isDatabaseUnavailable } from "~/models/platform/db-errors.server";
import { createPool, PROGRESS_MS, withLongerRequestDeadline } from "~/models/platform/db-pool.server";

// server/deadline.js: a request has one deadline however many times server.js
// runs part of it inside one (the page cache first, then Remix when the page
// cache hands it on). Against a real PostgreSQL, through the app's own pool.

process.env.REQUEST_DEADLINE_MS = "600";
const { withRequestDeadline } = (await import("../../server/deadline.js")) as {
  withRequestDeadline: <T>(req: object, fn: () => Promise<T>) => Promise<T>;
};

const url = process.env.DATABASE_URL!;
const pools: pg.Pool[] = [];
afterAll(() => Promise.all(pools.map((p) => p.end())));

describe("one deadline per request", () => {
  it("a request handed on after spending its time does not get a fresh deadline", async () => {
    const pool = createPool(url, 2);
    pools.push(pool);
    const held = await pool.connect(); // one slot taken for good, as by a query on a frozen server
    try {
      const req = {};
      // The first part (the page cache's render) spends the request's 600 ms and more.
      await withRequestDeadline(req, () => pool.query("SELECT pg_sleep(0.7)"));
      const other = await pool.connect(); // now every slot is taken
      try {
        // Handed on to Remix: no second 600 ms of waiting for a connection. (A connection came back
        // just now, the sleep's: the pool waits until none has for PROGRESS_MS, then gives up.)
        let t0 = Date.now();
        await expect(withRequestDeadline(req, () => pool.query("SELECT 1"))).rejects.toSatisfy(isDatabaseUnavailable);
        expect(Date.now() - t0).toBeLessThan(PROGRESS_MS + 150);
        // Another request has its own deadline: it waits for a connection until then.
        t0 = Date.now();
        await expect(withRequestDeadline({}, () => pool.query("SELECT 1"))).rejects.toSatisfy(isDatabaseUnavailable);
        expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
      } finally {
        other.release();
      }
    } finally {
      held.release();
    }
  });

  it("a queue that moves is waited on past the deadline: a burst is not an outage (decision 108)", async () => {
    const pool = createPool(url, 1);
    pools.push(pool);
    // Twenty holders ahead, 60 ms each: about 1.2 s of queue, twice the request's 600 ms, on a server that answers.
    const ahead = Array.from({ length: 20 }, () => pool.query("SELECT pg_sleep(0.06)"));
    const t0 = Date.now();
    const { rows } = await withRequestDeadline({}, () => pool.query("SELECT 1 AS served"));
    expect(rows[0].served).toBe(1);
    expect(Date.now() - t0).toBeGreaterThan(600);
    await Promise.all(ahead);
    // A queue that stops (its one slot held, as by a frozen server) still ends at the deadline.
    const held = await pool.connect();
    try {
      await new Promise((r) => setTimeout(r, PROGRESS_MS));
      const t1 = Date.now();
      await expect(withRequestDeadline({}, () => pool.query("SELECT 1"))).rejects.toSatisfy(isDatabaseUnavailable);
      expect(Date.now() - t1).toBeLessThan(600 + 300);
    } finally {
      held.release();
    }
  });

  it("a bulk booking's longer deadline lets its queries run past the request's own (decision 102)", async () => {
    const pool = createPool(url, 2);
    pools.push(pool);
    // 2 s of work: past the request's 600 ms and the 1 s a query may overrun it, so it fails there ...
    await expect(withRequestDeadline({}, () => pool.query({ text: "SELECT pg_sleep(2)" }))).rejects.toSatisfy(isDatabaseUnavailable);
    // ... and completes under the longer deadline, still inside the request.
    const rows = await withRequestDeadline({}, () => withLongerRequestDeadline(10_000, () => pool.query({ text: "SELECT pg_sleep(2), 1 AS done" })));
    expect(rows.rows[0].done).toBe(1);
  });
});
