import pg from "pg";
import { describe, expect, it } from "vitest";

import { createTestCategory, createTestProduct } from "../../../tests/support/catalogue";
import { prisma } from "~/models/platform/index.server";

import { discountedPaisa } from "./pricing";
import { productsByIds } from "./product.server";

// The stored price paid (Product.paidPaisa, kept by triggers) when a discount
// and a product move are written at the same time by two transactions: each
// alone would miss the other's uncommitted row, so the triggers take one
// transaction lock and the second writer reads what the first committed.

async function connect() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  return client;
}

/** Resolves once some transaction waits for the price lock (gives up after a while: the check below then fails). */
async function someoneWaitsForTheLock() {
  for (let i = 0; i < 100; i++) {
    const [row] = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function race(first: "discount" | "move") {
  const sale = await createTestCategory();
  const elsewhere = await createTestCategory();
  const product = await createTestProduct({ categoryId: elsewhere.id, pricePaisa: 1999 });
  const writes = {
    discount: (c: pg.Client) => c.query(`INSERT INTO "Discount" ("categoryId", percentage) VALUES ($1, 33)`, [sale.id]),
    move: (c: pg.Client) => c.query(`UPDATE "Product" SET "categoryId" = $1 WHERE id = $2`, [sale.id, product.id]),
  };
  const second = first === "discount" ? "move" : "discount";
  const [a, b] = [await connect(), await connect()];
  try {
    await a.query("BEGIN");
    await writes[first](a);
    await b.query("BEGIN");
    const waiting = writes[second](b);
    await someoneWaitsForTheLock();
    await a.query("COMMIT");
    await waiting;
    await b.query("COMMIT");
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
  const [row] = await prisma.$queryRaw<{ paid: number }[]>`SELECT "paidPaisa" AS paid FROM "Product" WHERE id = ${product.id}::int`;
  const [card] = await productsByIds([product.id]);
  expect(row!.paid).toBe(discountedPaisa(1999, 33));
  expect(card!.price * 100).toBe(row!.paid);
}

describe("the stored price paid under concurrent writes", () => {
  it("counts a category discount for a product moved into the category at the same time", () => race("discount"));
  it("counts it when the product moved first", () => race("move"));
});
