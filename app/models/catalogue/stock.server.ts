import { catalogueDb, keyedError, prisma, type Tx } from "~/models/platform/index.server";
import { LOW_STOCK_AT_MOST } from "~/utils/stock-levels";

import type { ProductRow } from "./product-shape.server";
import { readProductRows } from "./product-read.server";

// Catalogue owns stock (issue 39 item 2): every take, give-back, read and admin write of a size's
// quantity is here, and orders call these through catalogue's face. When a sellable unit gains a
// colour, this file is what changes; no other domain names the stock table.

/** One line of stock: a product's size and how many. */
export type StockLine = { productId: number; size: string; qty: number };

/** The fixed order every writer locks stock rows in (checkout, cancel, restock), so none deadlock. */
export function byStockKey<T extends { productId: number; size: string }>(a: T, b: T): number {
  return a.productId - b.productId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0);
}

/**
 * Atomic check-and-decrement of one size: a concurrent order waits for the
 * row's lock and then re-checks `quantity >= qty` against the new value, so
 * stock never goes below zero. Throws a 409 naming the product and size.
 */
export async function takeStock(tx: Tx, l: StockLine & { product: { name: string } }) {
  // Raw: the hottest write in the shop, and Prisma's query compiler cost more than the update.
  const count = await tx.$executeRaw`
    UPDATE "ProductSize" SET quantity = quantity - ${l.qty}::int
    WHERE "productId" = ${l.productId}::int AND size = ${l.size} AND quantity >= ${l.qty}::int`;
  if (count === 1) return;
  const left = await tx.productSize.findUnique({
    where: { productId_size: { productId: l.productId, size: l.size } },
    select: { quantity: true },
  });
  const qty = left?.quantity ?? 0;
  const values = { qty, name: l.product.name, size: l.size };
  throw keyedError(409, { key: qty > 0 ? "Only {{qty}} left of {{name}} in size {{size}}" : "{{name}} is out of stock in size {{size}}", values });
}

/**
 * Puts lines back (a cancel, an expired hold, a parcel received back), in the
 * fixed lock order. A line whose size has been deleted since has nowhere to go
 * and is skipped. Returns the products whose stock changed.
 */
export async function restockLines(tx: Tx, lines: StockLine[]): Promise<number[]> {
  for (const l of [...lines].sort(byStockKey)) {
    await tx.productSize.updateMany({ where: { productId: l.productId, size: l.size }, data: { quantity: { increment: l.qty } } });
  }
  return [...new Set(lines.map((l) => l.productId))];
}

/** A size's stock now and whether its product is on sale; null when the product has no such size. */
export async function sizeStock(productId: number, size: string): Promise<{ quantity: number; active: boolean } | null> {
  const row = await prisma.productSize.findUnique({
    where: { productId_size: { productId, size } },
    select: { quantity: true, product: { select: { status: true } } },
  });
  return row ? { quantity: row.quantity, active: row.product.status === "active" } : null;
}

/** Every size with LOW_STOCK_AT_MOST or fewer left, emptiest first (the admin dashboard). */
export async function lowStockSizes(db: Pick<Tx, "productSize"> = catalogueDb) {
  const rows = await db.productSize.findMany({
    where: { quantity: { lte: LOW_STOCK_AT_MOST } },
    orderBy: [{ quantity: "asc" }, { productId: "asc" }, { position: "asc" }],
    select: { size: true, quantity: true, product: { select: { id: true, name: true } } },
  });
  return rows.map((r) => ({ productId: r.product.id, name: r.product.name, size: r.size, quantity: r.quantity }));
}

/**
 * The admin's write of a product's sizes: updated in place by name (not deleted and
 * re-created) so a concurrent order's decrement on a kept size is never lost to a delete.
 */
export async function writeSizes(tx: Tx, productId: number, sizes: { size: string; quantity: number }[]) {
  await tx.productSize.deleteMany({ where: { productId, size: { notIn: sizes.map((s) => s.size) } } });
  for (const [position, { size, quantity }] of sizes.entries()) {
    await tx.productSize.upsert({
      where: { productId_size: { productId, size } },
      create: { productId, size, quantity, position },
      update: { quantity, position },
    });
  }
}

/**
 * The products of an order's (or a cart's) lines, read once in one statement: the cart
 * prices and checks them, and placeOrder takes the same object instead of reading again.
 */
export type LineProducts = { rows: ProductRow[] };

export async function readLineProducts(lines: { productId: number }[], db: Pick<Tx, "$queryRaw"> = prisma): Promise<LineProducts> {
  return { rows: await readProductRows(db, [...new Set(lines.map((l) => l.productId))]) };
}
