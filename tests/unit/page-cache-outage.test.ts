import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// server/page-cache.js while the database does not answer (issue 40 #5,
// decision 080): a copy past its stale window answers when a fresh render is
// late or fails, instead of holding the shopper for the request's deadline.
// A real HTTP server, a real PostgreSQL: the page's render reads a row, and a
// transaction holding that row's lock stands in for a frozen database.

type Cache = { handle: express.RequestHandler };
const { createPageCache, OUTAGE_WAIT_MS } = (await import("../../server/page-cache.js")) as unknown as {
  createPageCache: (options: object) => Cache;
  OUTAGE_WAIT_MS: number;
};
const { sendResponse, sendParts } = (await import("../../server/respond.js")) as unknown as { sendResponse: unknown; sendParts: unknown };

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
let clock = 0; // added to the real time: how old the cache thinks its copies are
let renders = 0;
let base = "";
let server: Server;

/** The product page: its name, read from PostgreSQL; a 503 when the read fails, as the route guards answer. */
async function render() {
  renders += 1;
  try {
    const { rows } = await pool.query<{ name: string }>("SELECT name FROM page_cache_outage WHERE id = 1 FOR SHARE");
    const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=5" };
    return new Response(`<html><body>${rows[0]!.name}</body></html>`, { headers });
  } catch {
    return new Response("The shop is temporarily unavailable", { status: 503, headers: { "Retry-After": "5" } });
  }
}

beforeAll(async () => {
  await pool.query("CREATE TABLE page_cache_outage (id int PRIMARY KEY, name text NOT NULL)");
  await pool.query("INSERT INTO page_cache_outage VALUES (1, 'Cotton kurta')");
  const cache = createPageCache({ render, sendResponse, sendParts, now: () => Date.now() + clock });
  const app = express();
  app.get("*", (req, res, next) => cache.handle(req, res, next));
  app.use((_req: express.Request, res: express.Response) => void res.status(404).end());
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await pool.end();
});

async function page() {
  const t0 = Date.now();
  const res = await fetch(`${base}/product/1`);
  return { status: res.status, cache: res.headers.get("X-Cache"), body: await res.text(), ms: Date.now() - t0 };
}

describe("a page's copy while the database does not answer", () => {
  it("answers within OUTAGE_WAIT_MS from a copy past its stale window, and takes the fresh page once it renders", async () => {
    expect(await page()).toMatchObject({ status: 200, cache: "MISS", body: expect.stringContaining("Cotton kurta") });
    clock += 60_000; // past fresh (5 s) and stale (30 s): no longer served unasked
    const frozen = await pool.connect();
    try {
      await frozen.query("BEGIN");
      await frozen.query("UPDATE page_cache_outage SET name = 'Silk kurta' WHERE id = 1"); // holds the row: the render waits
      const late = await page();
      expect(late).toMatchObject({ status: 200, cache: "STALE", body: expect.stringContaining("Cotton kurta") });
      expect(late.ms).toBeGreaterThanOrEqual(OUTAGE_WAIT_MS - 50);
      expect(late.ms).toBeLessThan(OUTAGE_WAIT_MS + 1_500);
      await frozen.query("COMMIT");
    } finally {
      frozen.release();
    }
    // The render went on and stored the new page.
    await expect.poll(async () => (await page()).body, { timeout: 5_000 }).toContain("Silk kurta");
  });

  it("answers from the copy at once when the render fails", async () => {
    clock += 60_000;
    await pool.query("ALTER TABLE page_cache_outage RENAME TO page_cache_outage_away"); // every read fails
    try {
      const before = renders;
      const failed = await page();
      expect(failed).toMatchObject({ status: 200, cache: "STALE", body: expect.stringContaining("Silk kurta") });
      expect(renders, "a render was tried first").toBe(before + 1);
      expect(failed.ms).toBeLessThan(OUTAGE_WAIT_MS);
    } finally {
      await pool.query("ALTER TABLE page_cache_outage_away RENAME TO page_cache_outage");
    }
  });
});
