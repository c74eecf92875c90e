import { describe, expect, it } from "vitest";

import { reviewSchema } from "~/schemas/review";
import { prisma } from "~/models/platform/index.server";

import { createUser } from "../../../tests/support/auth";
import { createTestProduct } from "../../../tests/support/catalogue";

import { getProduct } from "./product.server";
import { ALREADY_REVIEWED, createReview } from "./review.server";

describe("createReview", () => {
  it("adds the review and keeps rating and numReviews in step", async () => {
    const product = await createTestProduct();
    const [a, b] = [await createUser(), await createUser()];
    expect(await createReview(a, product.id, { rating: 5, comment: "Lovely" })).toEqual({ message: "Review added" });
    await createReview(b, product.id, { rating: 2, comment: "Too small" });
    const dto = await getProduct(product.id);
    expect(dto).toMatchObject({ rating: 3.5, numReviews: 2 });
    expect(dto.reviews[0]).toMatchObject({ name: b.name, rating: 2, comment: "Too small" });
  });

  it("refuses guests, unknown products and a second review by the same user", async () => {
    const product = await createTestProduct();
    const user = await createUser();
    await expect(createReview(null, product.id, { rating: 4, comment: "x" })).rejects.toMatchObject({ status: 401 });
    await expect(createReview(user, 999_999, { rating: 4, comment: "x" })).rejects.toMatchObject({
      status: 404,
      message: "Product not found",
    });
    await createReview(user, product.id, { rating: 4, comment: "first" });
    await expect(createReview(user, product.id, { rating: 1, comment: "second" })).rejects.toMatchObject({
      status: 400,
      message: ALREADY_REVIEWED,
    });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ rating: 4, numReviews: 1 });
  });

  it("stays consistent when reviews arrive at the same time", async () => {
    const product = await createTestProduct();
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const ratings = [5, 4, 3, 5, 1, 2];
    await Promise.all(users.map((u, i) => createReview(u, product.id, { rating: ratings[i]!, comment: `c${i}` })));
    // The same user twice at once: exactly one wins.
    const twice = await Promise.allSettled([
      createReview(users[0]!, product.id, { rating: 1, comment: "dup" }),
      createReview(users[0]!, product.id, { rating: 1, comment: "dup" }),
    ]);
    expect(twice.every((r) => r.status === "rejected")).toBe(true);
    const row = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.numReviews).toBe(6);
    expect(row.rating).toBeCloseTo(20 / 6, 10);
  });
});

describe("reviewSchema", () => {
  it("wants a whole rating from 1 to 5 and a comment", () => {
    expect(reviewSchema.safeParse({ rating: 0, comment: "x" }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 6, comment: "x" }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 4.5, comment: "x" }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 3, comment: "   " }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: "3", comment: " ok ", productId: 9 }).data).toEqual({ rating: 3, comment: "ok" });
  });
});
