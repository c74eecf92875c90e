import { prisma } from "~/models/platform/index.server";

/**
 * Whether the account has a delivered, uncancelled order holding the product:
 * what the review hold asks before a review counts (issue 37, decision 105).
 * It walks the account's delivered orders in their partial index
 * (`Order_userId_delivered_idx`) and stops at the first with the product.
 */
export async function hasDeliveredOrderOf(userId: number, productId: number): Promise<boolean> {
  const [row] = await prisma.$queryRaw<{ delivered: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM "Order" o JOIN "OrderItem" i ON i."orderId" = o.id
       WHERE o."userId" = ${userId} AND i."productId" = ${productId}
         AND o."isDelivered" AND o."cancelledAt" IS NULL) AS delivered`;
  return row!.delivered;
}
