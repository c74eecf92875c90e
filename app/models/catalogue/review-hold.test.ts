import { beforeEach, describe, expect, it } from "vitest";

import { DEFAULT_SETTINGS, prisma, saveSettings } from "~/models/platform/index.server";

import { createUser } from "../../../tests/support/auth";
import { createTestProduct } from "../../../tests/support/catalogue";
import { createTestOrder } from "../../../tests/support/orders";
import { testAdmin } from "../../../tests/support/actors";

import { getProduct } from "./product.server";
import { decideHeldReview, listReviewsForAdmin } from "./review-admin.server";
import { createReview, REVIEW_HELD } from "./review.server";

// The review hold (issue 37, decision 105): off, every review counts at once;
// on, a review from an account without a delivered order of the product waits
// for an admin, who approves it (it counts) or rejects it.

const admin = { id: 1, isAdmin: true };
const counted = (productId: number) => prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { rating: true, numReviews: true } });
const hold = (on: boolean) => saveSettings(testAdmin, { ...DEFAULT_SETTINGS, holdUnverifiedReviews: on });

/** A product with one 5-star review by a delivered buyer, counted. */
async function ratedProduct() {
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 10 }] });
  await prisma.review.create({ data: { productId: product.id, userId: (await createUser()).id, name: "Early", rating: 5, comment: "Lovely" } });
  await prisma.product.update({ where: { id: product.id }, data: { rating: 5, numReviews: 1 } });
  return product;
}

beforeEach(() => hold(false));

describe("the review hold", () => {
  it("is off by default: a fresh account's review counts at once", async () => {
    expect(DEFAULT_SETTINGS.holdUnverifiedReviews).toBe(false);
    const product = await ratedProduct();
    const result = await createReview(await createUser(), product.id, { rating: 1, comment: "Bad" });
    expect(result).toEqual({ message: "Review added" });
    expect(await counted(product.id)).toEqual({ rating: 3, numReviews: 2 });
    expect((await getProduct(product.id)).reviews.map((r) => r.comment)).toContain("Bad");
  });

  it("on: a fresh account's review is held, not shown, not counted; approving it makes it count", async () => {
    await hold(true);
    const product = await ratedProduct();
    const writer = await createUser();
    const result = await createReview(writer, product.id, { rating: 1, comment: "Bad" });
    expect(result).toEqual({ message: REVIEW_HELD, held: true });
    expect(await counted(product.id)).toEqual({ rating: 5, numReviews: 1 });
    expect((await getProduct(product.id)).reviews.map((r) => r.comment)).toEqual(["Lovely"]);
    // One review per shopper still: a second try is refused.
    await expect(createReview(writer, product.id, { rating: 1, comment: "Again" })).rejects.toMatchObject({ status: 400 });

    const waiting = await listReviewsForAdmin(admin, { productId: product.id, show: "held" });
    expect(waiting.reviews.map((r) => [r.comment, r.held, r.verified])).toEqual([["Bad", true, false]]);
    await expect(decideHeldReview({ id: writer.id, isAdmin: false }, product.id, waiting.reviews[0]!.id, "approve")).rejects.toMatchObject({
      status: 403,
    });
    const approved = await decideHeldReview(admin, product.id, waiting.reviews[0]!.id, "approve");
    expect(approved).toMatchObject({ held: false, hidden: false });
    expect(await counted(product.id)).toEqual({ rating: 3, numReviews: 2 });
    expect((await getProduct(product.id)).reviews.map((r) => r.comment)).toEqual(["Bad", "Lovely"]);
    // Decided once: a second decision is a 400, not a silent change.
    await expect(decideHeldReview(admin, product.id, approved.id, "reject")).rejects.toMatchObject({ status: 400 });
  });

  it("on: a rejected review stays hidden and never counts", async () => {
    await hold(true);
    const product = await ratedProduct();
    await createReview(await createUser(), product.id, { rating: 1, comment: "Spam" });
    const [held] = (await listReviewsForAdmin(admin, { productId: product.id, show: "held" })).reviews;
    expect(await decideHeldReview(admin, product.id, held!.id, "reject")).toMatchObject({ held: false, hidden: true });
    expect(await counted(product.id)).toEqual({ rating: 5, numReviews: 1 });
    expect((await listReviewsForAdmin(admin, { productId: product.id, show: "held" })).total).toBe(0);
  });

  it("on: a buyer with a delivered order of the product is not held; one whose order is on its way is", async () => {
    await hold(true);
    const product = await ratedProduct();
    const [buyer, waiting] = [await createUser(), await createUser()];
    const line = { product, size: "M", qty: 1 };
    const order = await createTestOrder({ userId: buyer.id, lines: [line] });
    await prisma.order.update({ where: { id: order.id }, data: { isDelivered: true, deliveredAt: new Date() } });
    await createTestOrder({ userId: waiting.id, lines: [line] });

    expect(await createReview(buyer, product.id, { rating: 3, comment: "Fine" })).toEqual({ message: "Review added" });
    expect(await createReview(waiting, product.id, { rating: 1, comment: "Not yet" })).toMatchObject({ held: true });
    expect(await counted(product.id)).toEqual({ rating: 4, numReviews: 2 });
    const listed = await listReviewsForAdmin(admin, { productId: product.id });
    expect(Object.fromEntries(listed.reviews.map((r) => [r.comment, { held: r.held, verified: r.verified }]))).toMatchObject({
      Fine: { held: false, verified: true },
      "Not yet": { held: true, verified: false },
    });
  });
});
