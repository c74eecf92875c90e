import { Prisma } from "@prisma/client";

import { prisma, type Tx } from "~/models/platform/index.server";

// The two rules every review read and write shares, in one place: which
// reviews are a verified purchase, and what the product's rating counts.

/**
 * SQL: whether the review (its table alias) comes from a shopper with a
 * delivered order holding its product. Worked out when read, never stored
 * (decision 050): a delivery then needs no write to the reviews. What counts
 * as received is the orders domain's rule, which it publishes as the view
 * delivered_purchase (decision 116): this statement asks it, never orders' tables.
 */
export function verifiedPurchase(alias: string): Prisma.Sql {
  const r = Prisma.raw(`"${alias}"`);
  return Prisma.sql`EXISTS (SELECT 1 FROM delivered_purchase d WHERE d.user_id = ${r}."userId" AND d.product_id = ${r}."productId")`;
}

/** Whether the user received the product: the same rule asked alone, before a review is written (the review hold, decision 105). */
export async function receivedProduct(userId: number, productId: number): Promise<boolean> {
  const [row] = await prisma.$queryRaw<{ received: boolean }[]>`
    SELECT ${verifiedPurchase("w")} AS received FROM (SELECT ${userId}::int AS "userId", ${productId}::int AS "productId") w`;
  return row!.received;
}

/**
 * Recomputes the product's rating and review count from its shown reviews
 * (hidden and held ones are left out). Call it inside the transaction that changed the
 * reviews, after locking the product's row.
 */
export async function recountRating(tx: Tx, productId: number): Promise<{ rating: number; numReviews: number }> {
  const stats = await tx.review.aggregate({
    where: { productId, hidden: false, held: false },
    _avg: { rating: true },
    _count: { _all: true },
  });
  const counted = { rating: stats._avg.rating ?? 0, numReviews: stats._count._all };
  await tx.product.update({ where: { id: productId }, data: counted });
  return counted;
}

/** Locks the product's row so reviews of one product change one at a time; false when it does not exist. */
export async function lockProduct(tx: Tx, productId: number, { activeOnly = false } = {}): Promise<boolean> {
  const rows = activeOnly
    ? await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Product" WHERE id = ${productId} AND status = 'active' FOR UPDATE`
    : await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Product" WHERE id = ${productId} FOR UPDATE`;
  return rows.length > 0;
}
