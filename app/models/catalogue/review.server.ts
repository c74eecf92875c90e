import type { ReviewInput } from "~/schemas/review";
import { prisma } from "~/models/platform/index.server";

import { reviewedThroughCache } from "~/models/accounts/index.server";
import { catalogueChanged, getSettings } from "~/models/platform/index.server";
import { isUniqueViolation, notFound, ServiceError } from "~/models/platform/index.server";
import { lockProduct, receivedProduct, recountRating } from "./review-sql.server";

export const ALREADY_REVIEWED = "Product already reviewed";
/** What the writer of a held review is told (the API's message, the page's notice). */
export const REVIEW_HELD = "Thank you! Your review awaits moderation and will appear once we have checked it";

/**
 * Adds the user's review and recomputes the product's rating and review count
 * in the same transaction. The product row is locked first, so concurrent
 * reviews of one product queue up and each recount sees the others' rows; the
 * unique (productId, userId) index turns a second review into a 400 even when
 * two arrive at once.
 *
 * With the shop's holdUnverifiedReviews setting on, a writer without a
 * delivered order of the product (orders' view delivered_purchase) gets a held
 * review: kept, not shown, not counted until an admin approves it
 * (decision 105). Off, nothing changes: the answer is `{ message }` as ever.
 */
export async function createReview(
  user: { id: number; name: string } | null,
  productId: number,
  input: ReviewInput,
): Promise<{ message: string; held?: true }> {
  if (!user) throw new ServiceError(401, "Not authorized, please sign in");
  const held = (await getSettings()).holdUnverifiedReviews && !(await receivedProduct(user.id, productId));
  try {
    await prisma.$transaction(async (tx) => {
      if (!(await lockProduct(tx, productId, { activeOnly: true }))) throw notFound("Product");
      await tx.review.create({
        data: { productId, userId: user.id, name: user.name, rating: input.rating, comment: input.comment, held },
      });
      // A held review changes neither the rating nor the pages; the lock above still kept it to one per shopper.
      if (!held) await recountRating(tx, productId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ServiceError(400, ALREADY_REVIEWED);
    }
    throw error;
  }
  if (held) return { message: REVIEW_HELD, held };
  // The rating shows on its page and on every card of it.
  catalogueChanged([`product:${productId}`]);
  return { message: "Review added" };
}

/**
 * Whether the user has reviewed the product (the page then shows a thank-you
 * instead of the form). A review an admin hid counts: one review per shopper.
 */
export async function hasReviewed(userId: number, productId: number, { throughCache = false } = {}): Promise<boolean> {
  if (throughCache) return reviewedThroughCache(userId, productId, () => reviewedProductIds(userId));
  // Raw: the product page of every signed-in shopper asks (issue 29; see getUserFromSession).
  const [row] = await prisma.$queryRaw<{ reviewed: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "Review" WHERE "productId" = ${productId} AND "userId" = ${userId}) AS reviewed`;
  return row.reviewed;
}

/** Every product the user has reviewed: what a cached page's fill keeps (decision 076). */
async function reviewedProductIds(userId: number): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ productId: number }[]>`SELECT "productId" FROM "Review" WHERE "userId" = ${userId}`;
  return rows.map((r) => r.productId);
}
