import { expect, test } from "@playwright/test";

import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// The public catalogue calls of docs/api.md: product lists and search,
// paging, top products, product details and category lists (reviews and
// page metadata: catalogue-reviews.spec.ts).

const PRODUCT_KEYS = [
  "id",
  "name",
  "price",
  "originalPrice",
  "discountPercentage",
  "image",
  "additionalImages",
  "brand",
  "categoryId",
  "category",
  "description",
  "sizes",
  "countInStock",
  "rating",
  "numReviews",
  "createdAt",
  "updatedAt",
];

test.describe("GET /api/products", () => {
  test("lists 8 products a page with the Product shape and a short public cache", async ({ request }) => {
    const res = await request.get("/api/products");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=5");
    const body = await res.json();
    expect(body.page).toBe(1);
    expect(body.pages).toBeGreaterThanOrEqual(1);
    expect(body.products.length).toBeLessThanOrEqual(8);
    expect(body.products.length).toBeGreaterThan(0);
    for (const key of PRODUCT_KEYS) expect(body.products[0]).toHaveProperty(key);
  });

  // Full-text search: words of the name, brand, category or description, ranked;
  // % and _ separate words like any punctuation and are never wildcards.
  test("searches words case-insensitively, ranking the closest name first; % and _ are not wildcards", async ({ request }) => {
    const tag = uniqueTag();
    const percent = await createTestProduct({ name: `Eid ${tag} 50% off Panjabi` });
    const underscore = await createTestProduct({ name: `Eid ${tag} a_b kurti` });
    const fifty = await createTestProduct({ name: `Eid ${tag} 50 taka off` });
    const axb = await createTestProduct({ name: `Eid ${tag} axb kurti` });
    const byBrand = await createTestProduct({ name: "Plain tee", brand: `Maker${tag}` });

    const ids = async (keyword: string) => {
      const res = await request.get("/api/products", { params: { keyword } });
      expect(res.status()).toBe(200);
      return (await res.json()).products.map((p: { id: number }) => p.id);
    };
    expect(await ids(`${tag} 50% panjabi`)).toEqual([percent.id]);
    expect(await ids(`${tag} 50%`)).toEqual([percent.id, fifty.id]);
    expect(await ids(`${tag} A_B`)).toEqual([underscore.id]);
    // Words closer together rank higher: "axb kurti" before "a_b kurti" (a, b, kurti).
    expect(await ids(`${tag}%kurti`)).toEqual([axb.id, underscore.id]);
    expect(await ids(`maker${tag}`)).toEqual([byBrand.id]);
    expect(await ids(`EID ${tag}`)).toHaveLength(4);
  });

  test("treats a bad pageNumber as 1 and past the last page as an empty list", async ({ request }) => {
    const tag = uniqueTag();
    const made = [];
    for (let i = 0; i < 9; i++) made.push(await createTestProduct({ name: `Paging ${tag} ${i}` }));
    const get = async (pageNumber?: string) => {
      const res = await request.get("/api/products", { params: { keyword: `Paging ${tag}`, ...(pageNumber ? { pageNumber } : {}) } });
      expect(res.status()).toBe(200);
      return res.json();
    };
    const first = await get();
    expect(first).toMatchObject({ page: 1, pages: 2 });
    expect(first.products.map((p: { id: number }) => p.id)).toEqual(made.slice(0, 8).map((p) => p.id));
    for (const bad of ["abc", "0", "-1", "1.5"]) expect(await get(bad)).toEqual(first);
    const second = await get("2");
    expect(second.products.map((p: { id: number }) => p.id)).toEqual([made[8]!.id]);
    expect(await get("7")).toEqual({ products: [], page: 7, pages: 2 });
  });
});

test.describe("GET /api/products/top and /api/products/{id}", () => {
  test("top answers the 3 best-rated, ties broken by more reviews", async ({ request }) => {
    // Above every review count already stored (repeated runs leave products behind).
    const most = (await prisma.product.aggregate({ _max: { numReviews: true } }))._max.numReviews ?? 0;
    const best = await createTestProduct({ rating: 5, numReviews: most + 2 });
    const second = await createTestProduct({ rating: 5, numReviews: most + 1 });
    const res = await request.get("/api/products/top");
    expect(res.status()).toBe(200);
    const top = await res.json();
    expect(top).toHaveLength(3);
    expect(top[0].id).toBe(best.id);
    expect(top[1].id).toBe(second.id);
    expect(top[2].rating).toBeLessThanOrEqual(5);
  });

  test("a product comes with discount-adjusted price, stock per size and reviews newest first", async ({ request }) => {
    const category = await createTestCategory();
    const p = await createTestProduct({
      categoryId: category.id,
      pricePaisa: 1999,
      sizes: [
        { size: "S", quantity: 0 },
        { size: "M", quantity: 4 },
      ],
      images: ["/images/one", "/images/two"],
    });
    await prisma.discount.create({ data: { categoryId: category.id, percentage: 10 } });
    await prisma.review.create({ data: { productId: p.id, name: "Early", rating: 4, comment: "a", createdAt: new Date("2025-01-01") } });
    await prisma.review.create({ data: { productId: p.id, name: "Late", rating: 2, comment: "b" } });

    const res = await request.get(`/api/products/${p.id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=5");
    const body = await res.json();
    expect(body).toMatchObject({
      id: p.id,
      price: 17.99,
      originalPrice: 19.99,
      discountPercentage: 10,
      countInStock: 4,
      sizes: [
        { size: "S", quantity: 0 },
        { size: "M", quantity: 4 },
      ],
      additionalImages: ["/images/one", "/images/two"],
      category: { id: category.id, name: category.name },
    });
    expect(body.reviews.map((r: { name: string }) => r.name)).toEqual(["Late", "Early"]);
    expect(Object.keys(body.reviews[0]).sort()).toEqual(["comment", "createdAt", "id", "name", "rating", "verified"]);
  });

  test("unknown and non-numeric ids are 404 Product not found", async ({ request }) => {
    for (const id of ["99999999", "abc", "0", "-1", "1.5"]) {
      const res = await request.get(`/api/products/${id}`);
      expect(res.status(), id).toBe(404);
      expect(await res.json()).toEqual({ message: "Product not found" });
      expect(res.headers()["cache-control"] ?? "").not.toContain("public");
    }
  });
});

test.describe("GET /api/products/category/{id}", () => {
  test("lists a category's products with the category, paged", async ({ request }) => {
    const category = await createTestCategory();
    const made = [];
    for (let i = 0; i < 9; i++) made.push(await createTestProduct({ categoryId: category.id }));
    await createTestProduct();
    const res = await request.get(`/api/products/category/${category.id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=5");
    const body = await res.json();
    expect(body).toMatchObject({ page: 1, pages: 2, category: { id: category.id, name: category.name } });
    expect(body.products.map((p: { id: number }) => p.id)).toEqual(made.slice(0, 8).map((p) => p.id));
    const page2 = await (await request.get(`/api/products/category/${category.id}?pageNumber=2`)).json();
    expect(page2.products.map((p: { id: number }) => p.id)).toEqual([made[8]!.id]);
    const past = await (await request.get(`/api/products/category/${category.id}?pageNumber=3`)).json();
    expect(past).toMatchObject({ products: [], page: 3, pages: 2 });
    const bad = await (await request.get(`/api/products/category/${category.id}?pageNumber=-1`)).json();
    expect(bad.page).toBe(1);
  });

  test("404s an unknown or non-numeric category", async ({ request }) => {
    for (const id of ["99999999", "shirts"]) {
      const res = await request.get(`/api/products/category/${id}`);
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual({ message: "Category not found" });
    }
  });
});
