import { prisma } from "~/models/platform/index.server";

/**
 * Whether the account has a delivered, uncancelled order holding the product:
 * what the review hold asks before a review counts (issue 37, decision 105).
 * The rule is the view delivered_purchase (migration 20261207120000), which the
 * catalogue's review reads ask too, for their verified-purchase mark (decision
 * 116). It walks the account's delivered orders in their partial index
 * (`Order_userId_delivered_idx`) and stops at the first with the product.
 */
export async function hasDeliveredOrderOf(userId: number, productId: number): Promise<boolean> {
  const [row] = await prisma.$queryRaw<{ delivered: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM delivered_purchase WHERE user_id = ${userId} AND product_id = ${productId}) AS delivered`;
  return row!.delivered;
}
