import { Prisma } from "@prisma/client";

import { catalogueDb, keyedError, prisma, ServiceError, type Tx } from "~/models/platform/index.server";
import { LOW_STOCK_AT_MOST } from "~/utils/stock-levels";

import type { ProductRow } from "./product-shape.server";
import { readProductRows } from "./product-read.server";
import { pickVariant } from "./variants";

// Catalogue owns stock (issue 39 item 2): every take, give-back, read and admin write of a size's
// quantity is here, and orders call these through catalogue's face. When a sellable unit gains a
// colour, this file is what changes; no other domain names the stock table.

/** One line of stock: a variant (product, size, colour id or null) and how many. */
export type StockLine = { productId: number; size: string; colorId?: number | null; qty: number };

/** The fixed order every writer locks stock rows in (checkout, cancel, restock), so none deadlock. */
export function byStockKey<T extends { productId: number; size: string; colorId?: number | null }>(a: T, b: T): number {
  return a.productId - b.productId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0) || (a.colorId ?? 0) - (b.colorId ?? 0);
}

// Two spellings so each matches its partial unique index (migration 20261202000000_variants).
const colorIs = (colorId: number | null | undefined) => (colorId == null ? Prisma.sql`"colorId" IS NULL` : Prisma.sql`"colorId" = ${colorId}::int`);

/**
 * Atomic check-and-decrement of one size: a concurrent order waits for the
 * row's lock and then re-checks `quantity >= qty` against the new value, so
 * stock never goes below zero. Throws a 409 naming the product and size.
 */
export async function takeStock(tx: Tx, l: StockedLine) {
  // Raw: the hottest write in the shop, and Prisma's query compiler cost more than the update.
  const count = await tx.$executeRaw`
    UPDATE "ProductSize" SET quantity = quantity - ${l.qty}::int
    WHERE "productId" = ${l.productId}::int AND size = ${l.size} AND ${colorIs(l.colorId)} AND quantity >= ${l.qty}::int`;
  if (count === 1) return;
  const left = await tx.productSize.findFirst({ where: { productId: l.productId, size: l.size, colorId: l.colorId ?? null }, select: { quantity: true } });
  throw shortStock(l, left?.quantity ?? 0);
}

type StockedLine = StockLine & { product: { name: string }; color?: string | null };

/** The 409 for a line its variant cannot fill: "Only 2 left of …" or "… is out of stock in size M". */
export function shortStock(l: StockedLine, qty: number) {
  // A colour is named with its size ("Navy M") so the message says which variant ran out.
  const values = { qty, name: l.product.name, size: l.color ? `${l.color} ${l.size}` : l.size };
  return keyedError(409, { key: qty > 0 ? "Only {{qty}} left of {{name}} in size {{size}}" : "{{name}} is out of stock in size {{size}}", values });
}

/**
 * A look, without a lock, at whether each line's variant still has its pieces: the 409 of
 * takeStock, early. Checkout calls it once it holds the buyer's rows: when one buyer sends many
 * orders at once for the last pieces, those queued behind the winners then fail in one statement
 * instead of doing the whole order first (decision 093). takeStock still decides.
 */
export async function refuseShortStock(tx: Tx, lines: StockedLine[]) {
  for (const l of lines) {
    const [row] = await tx.$queryRaw<{ quantity: number }[]>`
      SELECT quantity FROM "ProductSize" WHERE "productId" = ${l.productId}::int AND size = ${l.size} AND ${colorIs(l.colorId)}`;
    const qty = row?.quantity ?? 0;
    if (qty < l.qty) throw shortStock(l, qty);
  }
}

/**
 * Puts lines back (a cancel, an expired hold, a parcel received back), in the
 * fixed lock order. A line whose size has been deleted since has nowhere to go
 * and is skipped. Returns the products whose stock changed.
 */
export async function restockLines(tx: Tx, lines: StockLine[]): Promise<number[]> {
  for (const l of [...lines].sort(byStockKey)) {
    await tx.productSize.updateMany({ where: { productId: l.productId, size: l.size, colorId: l.colorId ?? null }, data: { quantity: { increment: l.qty } } });
  }
  return [...new Set(lines.map((l) => l.productId))];
}

/**
 * A variant's stock now and whether its product is on sale; null when the product has no such size
 * (in that colour). A colour the product does not have is a 400, as is no colour for a product with colours.
 */
export async function sizeStock(productId: number, size: string, color?: string | null): Promise<{ quantity: number; active: boolean } | null> {
  const row = await prisma.product.findUnique({
    where: { id: productId },
    select: { status: true, sizes: { where: { size }, select: { id: true, size: true, quantity: true, colorId: true } }, colors: { select: colorSelect } },
  });
  if (!row) return null;
  const pick = pickVariant(row, size, color);
  if (!pick.ok && pick.reason !== "no-such-size") throw colorRefusal(pick.reason, color);
  return pick.ok ? { quantity: pick.variant.quantity, active: row.status === "active" } : null;
}

const colorSelect = { id: true, name: true, nameBn: true, hex: true, images: true } as const;

/** The 400 for a line whose colour does not fit its product (issue 38). */
export function colorRefusal(reason: "no-such-color" | "color-required", color?: string | null) {
  return reason === "color-required"
    ? new ServiceError(400, "Please choose a colour")
    : new ServiceError(400, color?.trim() ? `This product has no colour "${color.trim()}"` : "This product has no colours");
}

/** Every size with LOW_STOCK_AT_MOST or fewer left, emptiest first (the admin dashboard). */
export async function lowStockSizes(db: Pick<Tx, "productSize"> = catalogueDb) {
  const rows = await db.productSize.findMany({
    where: { quantity: { lte: LOW_STOCK_AT_MOST } },
    orderBy: [{ quantity: "asc" }, { productId: "asc" }, { position: "asc" }],
    select: { size: true, quantity: true, product: { select: { id: true, name: true } }, color: { select: { name: true } } },
  });
  // A coloured variant reads "Navy M": the list names variants, not only sizes.
  return rows.map((r) => ({ productId: r.product.id, name: r.product.name, size: r.color ? `${r.color.name} ${r.size}` : r.size, quantity: r.quantity }));
}

/**
 * The admin's write of a product's sizes: updated in place by name (not deleted and
 * re-created) so a concurrent order's decrement on a kept size is never lost to a delete.
 * A product with colours keeps its variants: its `sizes` are totals over colours (docs/decisions/091),
 * which say nothing about how to split them.
 */
export async function writeSizes(tx: Tx, productId: number, sizes: { size: string; quantity: number }[]) {
  if (await tx.productColor.count({ where: { productId } })) return;
  await tx.productSize.deleteMany({ where: { productId, colorId: null, size: { notIn: sizes.map((s) => s.size) } } });
  for (const [position, { size, quantity }] of sizes.entries()) {
    // Not upsert: the variant key's unique indexes are partial, which ON CONFLICT cannot name.
    const { count } = await tx.productSize.updateMany({ where: { productId, colorId: null, size }, data: { quantity, position } });
    if (count === 0) await tx.productSize.create({ data: { productId, size, quantity, position } });
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
