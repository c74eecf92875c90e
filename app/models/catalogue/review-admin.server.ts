import { Prisma } from "@prisma/client";

import { prisma, type Tx } from "~/models/platform/index.server";
import { ADMIN_PAGE_SIZE, fetchPage } from "~/utils/paging";

import { catalogueChanged } from "~/models/platform/index.server";
import { ServiceError, notFound, requirePermission, type Permission } from "~/models/platform/index.server";
import type { ReviewDTO } from "./product-shape.server";
import { lockProduct, recountRating, verifiedPurchase } from "./review-sql.server";

// The back office's side of reviews: list them, hide or show one, delete one.
// Each function takes who is asking and refuses anyone but an admin itself,
// so the page, the API and any later caller share the one rule. Every change
// recounts the product's rating in its transaction and purges its pages.

/** Who is asking: the signed-in user, or null for nobody. */
export type ReviewActor = { id: number; isAdmin: boolean } | null;

/** A review as the back office lists it: also hidden ones, with their product. */
/** `held`: waiting for an admin's approval (decision 105); `verified` false marks a writer without a delivered order. */
export type AdminReviewDTO = ReviewDTO & { hidden: boolean; held: boolean; productId: number; productName: string };

export type ReviewShow = "all" | "hidden" | "held";

/**
 * The rule: only an admin moderates reviews (401 for nobody, 403 for a
 * shopper). Every function below checks it; a door may call it first so that
 * nobody else learns even whether an id exists.
 */
export function requireAdminActor(actor: ReviewActor, permission: Permission = "update:review:any"): void {
  requirePermission(actor, permission);
}

type AdminReviewRow = Omit<AdminReviewDTO, "createdAt"> & { createdAt: Date };

const toDTO = (row: AdminReviewRow): AdminReviewDTO => ({ ...row, createdAt: row.createdAt.toISOString() });

function selectReviews(db: Pick<Tx, "$queryRaw">, where: Prisma.Sql, window: Prisma.Sql = Prisma.empty) {
  return db.$queryRaw<AdminReviewRow[]>`
    SELECT r.id, r.name, r.rating, r.comment, r."createdAt", r.hidden, r.held, r."productId", p.name AS "productName",
           ${verifiedPurchase("r")} AS verified
      FROM "Review" r JOIN "Product" p ON p.id = r."productId"
     WHERE ${where}
     ORDER BY r."createdAt" DESC, r.id DESC ${window}`;
}

/** One page of reviews, newest first; of one product with `productId`; only hidden or held ones with `show`. */
export async function listReviewsForAdmin(
  actor: ReviewActor,
  { page = 1, pageSize = ADMIN_PAGE_SIZE, productId, show = "all" }: { page?: number; pageSize?: number; productId?: number; show?: ReviewShow },
): Promise<{ reviews: AdminReviewDTO[]; page: number; pages: number; total: number }> {
  requireAdminActor(actor);
  const where: Prisma.ReviewWhereInput = {
    ...(productId ? { productId } : {}),
    ...(show === "hidden" ? { hidden: true } : {}),
    ...(show === "held" ? { held: true } : {}),
  };
  const sqlWhere = Prisma.join(
    [
      Prisma.sql`TRUE`,
      ...(productId ? [Prisma.sql`r."productId" = ${productId}`] : []),
      ...(show === "hidden" ? [Prisma.sql`r.hidden`] : []),
      ...(show === "held" ? [Prisma.sql`r.held`] : []),
    ],
    " AND ",
  );
  const { items, pages, total } = await fetchPage(
    page,
    pageSize,
    () => prisma.review.count({ where }),
    ({ skip, take }) => selectReviews(prisma, sqlWhere, Prisma.sql`LIMIT ${take}::int OFFSET ${skip}::int`),
  );
  return { reviews: items.map(toDTO), page, pages, total };
}

/** Runs a change to one of a product's reviews with the product locked, then recounts; a wrong pair of ids is a 404. */
async function changeReview<T>(productId: number, reviewId: number, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await prisma.$transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) throw notFound("Product");
    const found = await tx.review.findFirst({ where: { id: reviewId, productId }, select: { id: true } });
    if (!found) throw notFound("Review");
    const done = await change(tx);
    await recountRating(tx, productId);
    return done;
  });
  // The rating, the count and the reviews show on the product's page and on its cards.
  catalogueChanged([`product:${productId}`]);
  return result;
}

/**
 * Hides a review from shoppers (and from the rating), or shows it again. The
 * review stays: its writer still cannot review the product a second time.
 */
export async function setReviewHidden(actor: ReviewActor, productId: number, reviewId: number, hidden: boolean): Promise<AdminReviewDTO> {
  requireAdminActor(actor);
  return changeReview(productId, reviewId, async (tx) => {
    await tx.review.update({ where: { id: reviewId }, data: { hidden } });
    const [row] = await selectReviews(tx, Prisma.sql`r.id = ${reviewId}`);
    return toDTO(row!);
  });
}

export type ReviewDecision = "approve" | "reject";

/**
 * Decides a held review (decision 105): approved, it is shown and counts in
 * the rating; rejected, it stays hidden (its writer still cannot write a
 * second one, as with any hidden review). A review that is not held is a 400.
 */
export async function decideHeldReview(actor: ReviewActor, productId: number, reviewId: number, decision: ReviewDecision): Promise<AdminReviewDTO> {
  requireAdminActor(actor);
  return changeReview(productId, reviewId, async (tx) => {
    const changed = await tx.review.updateMany({
      where: { id: reviewId, held: true },
      data: decision === "approve" ? { held: false } : { held: false, hidden: true },
    });
    if (changed.count === 0) throw new ServiceError(400, "This review is not awaiting approval");
    const [row] = await selectReviews(tx, Prisma.sql`r.id = ${reviewId}`);
    return toDTO(row!);
  });
}

/** Deletes a review for good; its writer may then review the product again. */
export async function deleteReview(actor: ReviewActor, productId: number, reviewId: number): Promise<{ message: string }> {
  requireAdminActor(actor, "delete:review:any");
  await changeReview(productId, reviewId, (tx) => tx.review.delete({ where: { id: reviewId } }));
  return { message: "Review deleted" };
}

/** The product a review list is filtered to, for its heading (admin; drafts too). */
export async function reviewedProduct(actor: ReviewActor, productId: number): Promise<{ id: number; name: string }> {
  requireAdminActor(actor);
  const product = await prisma.product.findUnique({ where: { id: productId }, select: { id: true, name: true } });
  if (!product) throw notFound("Product");
  return product;
}
