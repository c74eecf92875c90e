import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

// Migration 20261202000000_variants on a database that has shop data from before it (issue 38): every
// size becomes a colourless variant and nothing is lost — stock, the stock an unconfirmed order holds,
// order items and idempotency keys read the same after it as before.
const VARIANTS = "20261202000000_variants";
const dir = path.resolve(__dirname, "../../../prisma/migrations");
const name = `mig_${crypto.randomBytes(6).toString("hex")}`;
const adminUrl = process.env.TEST_DB_ADMIN_URL!;
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const sqlOf = (m: string) => fs.readFileSync(path.join(dir, m, "migration.sql"), "utf8");

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(() => withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));

const snapshot = (c: pg.Client) =>
  Promise.all([
    c.query(`SELECT id, "productId", size, quantity, position FROM "ProductSize" ORDER BY id`),
    c.query(`SELECT id, "orderId", "productId", "selectedSize", qty FROM "OrderItem" ORDER BY id`),
    c.query(`SELECT "orderId", fingerprint FROM "IdempotencyKey" ORDER BY "orderId"`),
    c.query(`SELECT "orderId", "holdUntil" FROM "OrderConfirmCode" ORDER BY "orderId"`),
  ]).then((rs) => rs.map((r) => r.rows));

describe(`migration ${VARIANTS}`, () => {
  it("turns every size into a colourless variant and loses nothing", async () => {
    await withClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
    const before = fs
      .readdirSync(dir)
      .filter((m) => /^\d{14}_/.test(m) && m < VARIANTS)
      .sort();
    await withClient(url, async (c) => {
      for (const m of before) await c.query(sqlOf(m));
      // A shop as it was: two products with sizes, an order holding stock while it awaits confirmation, its retry key.
      await c.query(`INSERT INTO "Product" (id, name, "pricePaisa", image, brand, description, "updatedAt")
                     VALUES (1, 'Panjabi', 250000, '/p.jpg', 'Aarong', '', now()), (2, 'Saree', 900000, '/s.jpg', 'Kay Kraft', '', now())`);
      await c.query(`INSERT INTO "ProductSize" ("productId", size, quantity, position) VALUES (1, 'M', 3, 0), (1, 'L', 0, 1), (2, 'Free Size', 7, 0)`);
      const order = "0b6f3c64-3a63-4d35-9f69-2c1ed0b1a7f1";
      await c.query(
        `INSERT INTO "Order" (id, "shippingName", "shippingEmail", address, city, "postalCode", phone, "itemsPaisa", "shippingPaisa", "taxPaisa", "totalPaisa")
                     VALUES ($1, 'Karim', 'k@example.com', 'Road 5', 'Dhaka', '1205', '01711000000', 500000, 0, 0, 500000)`,
        [order],
      );
      await c.query(
        `INSERT INTO "OrderItem" ("orderId", "productId", name, image, "pricePaisa", qty, "selectedSize") VALUES ($1, 1, 'Panjabi', '/p.jpg', 250000, 2, 'M')`,
        [order],
      );
      await c.query(`INSERT INTO "OrderConfirmCode" ("orderId", "codeHash", "holdUntil") VALUES ($1, 'x', now() + interval '1 hour')`, [order]);
      await c.query(`INSERT INTO "IdempotencyKey" ("orderId", fingerprint) VALUES ($1, 'f')`, [order]);
      const was = await snapshot(c);

      await c.query(sqlOf(VARIANTS));

      expect(await snapshot(c)).toEqual(was);
      const { rows } = await c.query(`SELECT count(*)::int AS n FROM "ProductSize" WHERE "colorId" IS NOT NULL
                                      UNION ALL SELECT count(*)::int FROM "OrderItem" WHERE "colorId" IS NOT NULL OR color IS NOT NULL`);
      expect(rows).toEqual([{ n: 0 }, { n: 0 }]);
      // Checkout's take (catalogue/stock.server.ts) still finds a colourless size, and its key still holds.
      const take = await c.query(
        `UPDATE "ProductSize" SET quantity = quantity - 1 WHERE "productId" = 1 AND size = 'M' AND "colorId" IS NULL AND quantity >= 1`,
      );
      expect(take.rowCount).toBe(1);
      await expect(c.query(`INSERT INTO "ProductSize" ("productId", size, quantity) VALUES (1, 'M', 1)`)).rejects.toThrow(/duplicate key/);
      // A colour may now carry its own M beside it.
      await c.query(`INSERT INTO "ProductColor" (id, "productId", name, hex) VALUES (1, 2, 'Navy', '#1f2a44')`);
      await c.query(`INSERT INTO "ProductSize" ("productId", size, quantity, "colorId") VALUES (2, 'Free Size', 4, 1)`);
      await expect(c.query(`INSERT INTO "ProductSize" ("productId", size, quantity, "colorId") VALUES (2, 'Free Size', 4, 1)`)).rejects.toThrow(
        /duplicate key/,
      );
      await expect(c.query(`INSERT INTO "ProductColor" ("productId", name, hex) VALUES (2, 'Red', 'red')`)).rejects.toThrow(/hex_check/);
    });
  });
});
