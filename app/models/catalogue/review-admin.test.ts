import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { createUser } from "../../../tests/support/auth";
import { createTestProduct } from "../../../tests/support/catalogue";
import { createTestOrder } from "../../../tests/support/orders";

import { getProduct } from "./product.server";
import { deleteReview, listReviewsForAdmin, setReviewHidden } from "./review-admin.server";
import { createReview, hasReviewed } from "./review.server";

async function reviewed(ratings: number[]) {
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 10 }] });
  const users = await Promise.all(ratings.map(() => createUser()));
  for (const [i, user] of users.entries()) await createReview(user, product.id, { rating: ratings[i]!, comment: `c${i}` });
  const rows = await prisma.review.findMany({ where: { productId: product.id }, orderBy: { id: "asc" } });
  return { product, users, reviews: rows };
}

// Written straight to the order, as the orders' own tests cover marking it delivered.
const deliver = (id: string) => prisma.order.update({ where: { id }, data: { isDelivered: true, deliveredAt: new Date() } });

const counted = (productId: number) => prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { rating: true, numReviews: true } });

describe("verified purchase", () => {
  it("is true only for a writer whose order of the product was delivered, and follows the delivery", async () => {
    const product = await createTestProduct({ sizes: [{ size: "M", quantity: 10 }] });
    const other = await createTestProduct();
    const [buyer, waiting, cancelled, elsewhere, browser] = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const line = (p: typeof product) => ({ product: p, size: "M", qty: 1 });
    const bought = await createTestOrder({ userId: buyer!.id, lines: [line(product)] });
    await createTestOrder({ userId: waiting!.id, lines: [line(product)] });
    const gone = await createTestOrder({ userId: cancelled!.id, lines: [line(product)] });
    await prisma.order.update({ where: { id: gone.id }, data: { cancelledAt: new Date(), cancelReason: "refused" } });
    const otherOrder = await createTestOrder({ userId: elsewhere!.id, lines: [line(other)] });
    await deliver(otherOrder.id);
    for (const u of [buyer!, waiting!, cancelled!, elsewhere!, browser!]) await createReview(u, product.id, { rating: 4, comment: u.name });

    const verifiedOf = async () => Object.fromEntries((await getProduct(product.id)).reviews.map((r) => [r.comment, r.verified]));
    // Reviewed before the parcel arrived: not yet verified.
    expect(await verifiedOf()).toEqual({
      [buyer!.name]: false,
      [waiting!.name]: false,
      [cancelled!.name]: false,
      [elsewhere!.name]: false,
      [browser!.name]: false,
    });
    await deliver(bought.id);
    expect(await verifiedOf()).toEqual({
      [buyer!.name]: true,
      [waiting!.name]: false,
      [cancelled!.name]: false,
      [elsewhere!.name]: false,
      [browser!.name]: false,
    });
    const listed = await listReviewsForAdmin({ id: 1, isAdmin: true }, { productId: product.id });
    expect(listed.reviews.filter((r) => r.verified).map((r) => r.comment)).toEqual([buyer!.name]);
  });
});

describe("hiding and deleting reviews", () => {
  it("hide leaves the review out of the page, the rating and the count; show puts it back", async () => {
    const { product, reviews } = await reviewed([5, 1, 3]);
    const admin = { id: 1, isAdmin: true };
    const hidden = await setReviewHidden(admin, product.id, reviews[1]!.id, true);
    expect(hidden).toMatchObject({ id: reviews[1]!.id, hidden: true, productId: product.id, rating: 1 });
    expect(await counted(product.id)).toEqual({ rating: 4, numReviews: 2 });
    const page = await getProduct(product.id);
    expect(page).toMatchObject({ rating: 4, numReviews: 2 });
    expect(page.reviews.map((r) => r.comment).sort()).toEqual(["c0", "c2"]);
    // The back office still lists it, and can list only the hidden ones.
    expect((await listReviewsForAdmin(admin, { productId: product.id })).total).toBe(3);
    expect((await listReviewsForAdmin(admin, { productId: product.id, show: "hidden" })).reviews.map((r) => r.id)).toEqual([reviews[1]!.id]);

    await setReviewHidden(admin, product.id, reviews[1]!.id, false);
    expect(await counted(product.id)).toEqual({ rating: 3, numReviews: 3 });
    expect((await getProduct(product.id)).reviews).toHaveLength(3);
  });

  it("a hidden review still stops its writer reviewing again; a deleted one does not", async () => {
    const { product, users, reviews } = await reviewed([1]);
    const admin = { id: 1, isAdmin: true };
    await setReviewHidden(admin, product.id, reviews[0]!.id, true);
    expect(await counted(product.id)).toEqual({ rating: 0, numReviews: 0 });
    expect(await hasReviewed(users[0]!.id, product.id)).toBe(true);
    await expect(createReview(users[0]!, product.id, { rating: 1, comment: "again" })).rejects.toMatchObject({ status: 400 });
    expect(await deleteReview(admin, product.id, reviews[0]!.id)).toEqual({ message: "Review deleted" });
    expect(await prisma.review.count({ where: { productId: product.id } })).toBe(0);
    expect(await hasReviewed(users[0]!.id, product.id)).toBe(false);
  });

  it("delete recounts exactly", async () => {
    const { product, reviews } = await reviewed([5, 4, 1, 2]);
    await deleteReview({ id: 1, isAdmin: true }, product.id, reviews[2]!.id);
    const after = await counted(product.id);
    expect(after.numReviews).toBe(3);
    expect(after.rating).toBeCloseTo(11 / 3, 10);
    expect((await getProduct(product.id)).reviews.map((r) => r.id)).not.toContain(reviews[2]!.id);
  });

  it("refuses nobody (401) and a shopper (403), and a review of another product is not found", async () => {
    const { product, users, reviews } = await reviewed([2, 4]);
    const other = await createTestProduct();
    const shopper = { id: users[0]!.id, isAdmin: false };
    const id = reviews[0]!.id;
    for (const [actor, status] of [
      [null, 401],
      [shopper, 403],
    ] as const) {
      await expect(setReviewHidden(actor, product.id, id, true)).rejects.toMatchObject({ status });
      await expect(deleteReview(actor, product.id, id)).rejects.toMatchObject({ status });
      await expect(listReviewsForAdmin(actor, {})).rejects.toMatchObject({ status });
    }
    const admin = { id: 1, isAdmin: true };
    await expect(deleteReview(admin, other.id, id)).rejects.toMatchObject({ status: 404, message: "Review not found" });
    await expect(setReviewHidden(admin, 999_999, id, true)).rejects.toMatchObject({ status: 404, message: "Product not found" });
    await expect(deleteReview(admin, product.id, 999_999)).rejects.toMatchObject({ status: 404 });
    // Nothing changed.
    expect(await prisma.review.findMany({ where: { productId: product.id }, select: { hidden: true } })).toEqual([{ hidden: false }, { hidden: false }]);
    expect(await counted(product.id)).toEqual({ rating: 3, numReviews: 2 });
  });
});
