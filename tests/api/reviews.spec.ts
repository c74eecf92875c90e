import { expect, test, type APIRequestContext } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// Review moderation and the verified-purchase mark over HTTP:
// PUT and DELETE /api/products/{id}/reviews/{reviewId}, and GET /api/products/{id}.

async function productWithReviews(ratings: number[]) {
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
  const users = await Promise.all(ratings.map(() => createUser()));
  for (const [i, user] of users.entries()) {
    await prisma.review.create({ data: { productId: product.id, userId: user.id, name: user.name, rating: ratings[i]!, comment: `c${i}` } });
  }
  const sum = ratings.reduce((a, b) => a + b, 0);
  await prisma.product.update({ where: { id: product.id }, data: { rating: sum / ratings.length, numReviews: ratings.length } });
  const reviews = await prisma.review.findMany({ where: { productId: product.id }, orderBy: { id: "asc" } });
  return { product, users, reviews };
}

const adminHeaders = async () => ({ Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) });

/** The product as an anonymous shopper reads it: through the page cache, as the shop serves it. */
async function publicProduct(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/products/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { rating: number; numReviews: number; reviews: { id: number; comment: string; verified: boolean }[] };
}

test("each review says whether its writer's order of the product was delivered", async ({ request }) => {
  const { product, users } = await productWithReviews([5, 3]);
  const delivered = await createTestOrder({ userId: users[0]!.id, lines: [{ product, size: "M", qty: 1 }] });
  await prisma.order.update({ where: { id: delivered.id }, data: { isDelivered: true, deliveredAt: new Date() } });
  await createTestOrder({ userId: users[1]!.id, lines: [{ product, size: "M", qty: 1 }] });
  const body = await publicProduct(request, product.id);
  expect(Object.fromEntries(body.reviews.map((r) => [r.comment, r.verified]))).toEqual({ c0: true, c1: false });
});

test("PUT {hidden} hides a review from the product, its rating and count, and shows it again", async ({ request }) => {
  const { product, reviews } = await productWithReviews([5, 1, 3]);
  const headers = await adminHeaders();
  // Read once anonymously so the answer sits in the page cache: the write must purge it.
  expect(await publicProduct(request, product.id)).toMatchObject({ rating: 3, numReviews: 3 });
  const url = `/api/products/${product.id}/reviews/${reviews[1]!.id}`;

  const hid = await request.put(url, { headers, data: { hidden: true } });
  expect(hid.status()).toBe(200);
  expect(await hid.json()).toMatchObject({ id: reviews[1]!.id, productId: product.id, hidden: true, rating: 1, verified: false });
  const after = await publicProduct(request, product.id);
  expect(after).toMatchObject({ rating: 4, numReviews: 2 });
  expect(after.reviews.map((r) => r.comment).sort()).toEqual(["c0", "c2"]);

  const shown = await request.put(url, { headers, data: { hidden: false } });
  expect(shown.status()).toBe(200);
  expect(await publicProduct(request, product.id)).toMatchObject({ rating: 3, numReviews: 3 });

  for (const data of [{}, { hidden: "yes" }, { hidden: 1 }]) {
    const bad = await request.put(url, { headers, data });
    expect(bad.status(), JSON.stringify(data)).toBe(400);
    expect((await bad.json()).message).toBeTruthy();
  }
});

test("DELETE removes the review and recounts the rating", async ({ request }) => {
  const { product, reviews } = await productWithReviews([5, 4, 1]);
  const headers = await adminHeaders();
  await publicProduct(request, product.id);
  const res = await request.delete(`/api/products/${product.id}/reviews/${reviews[2]!.id}`, { headers });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ message: "Review deleted" });
  const after = await publicProduct(request, product.id);
  expect(after).toMatchObject({ rating: 4.5, numReviews: 2 });
  expect(after.reviews.map((r) => r.id)).not.toContain(reviews[2]!.id);
  expect(await prisma.review.count({ where: { id: reviews[2]!.id } })).toBe(0);
});

test("only an admin moderates: 401 signed out, 403 a shopper, 404 for ids that do not match", async ({ request }) => {
  const { product, users, reviews } = await productWithReviews([2, 4]);
  const other = await createTestProduct();
  const id = reviews[0]!.id;
  const url = `/api/products/${product.id}/reviews/${id}`;
  const shopper = { Cookie: await sessionCookieFor(users[0]!) };
  for (const [headers, status, message] of [
    [{}, 401, "Not authorized, please sign in"],
    [shopper, 403, "Not authorized as an admin"],
  ] as const) {
    for (const res of [await request.delete(url, { headers }), await request.put(url, { headers, data: { hidden: true } })]) {
      expect(res.status()).toBe(status);
      expect(await res.json()).toEqual({ message });
    }
  }
  const headers = await adminHeaders();
  for (const [path, message] of [
    [`/api/products/${other.id}/reviews/${id}`, "Review not found"],
    [`/api/products/${product.id}/reviews/999999999`, "Review not found"],
    [`/api/products/${product.id}/reviews/abc`, "Review not found"],
    [`/api/products/999999999/reviews/${id}`, "Product not found"],
  ] as const) {
    const res = await request.delete(path, { headers });
    expect(res.status(), path).toBe(404);
    expect(await res.json(), path).toEqual({ message });
  }
  expect((await request.get(url, { headers })).status()).toBe(405);
  expect(await prisma.review.findMany({ where: { productId: product.id }, select: { hidden: true } })).toHaveLength(2);
  expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ rating: 3, numReviews: 2 });
});
