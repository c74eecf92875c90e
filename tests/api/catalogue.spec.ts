import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// The public catalogue calls of docs/api.md: product lists and search,
// paging, top products, product details, category lists and reviews.

const PRODUCT_KEYS = [
  "id", "name", "price", "originalPrice", "discountPercentage", "image", "additionalImages", "brand", "categoryId",
  "category", "description", "sizes", "countInStock", "rating", "numReviews", "createdAt", "updatedAt",
];

async function signedIn() {
  const user = await createUser();
  return { user, headers: { Cookie: await sessionCookieFor(user) } };
}

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

test.describe("POST /api/products/{id}/reviews", () => {
  test("guests get 401 and nothing is stored", async ({ request }) => {
    const p = await createTestProduct();
    const res = await request.post(`/api/products/${p.id}/reviews`, { data: { rating: 5, comment: "Great" } });
    expect(res.status()).toBe(401);
    expect((await res.json()).message).toBeTruthy();
    expect(await prisma.review.count({ where: { productId: p.id } })).toBe(0);
  });

  test("validates rating 1–5 and a comment", async ({ request }) => {
    const p = await createTestProduct();
    const { headers } = await signedIn();
    const bad = [
      { rating: 0, comment: "x" },
      { rating: 6, comment: "x" },
      { rating: 2.5, comment: "x" },
      { rating: "five", comment: "x" },
      { comment: "x" },
      { rating: 4 },
      { rating: 4, comment: "   " },
    ];
    for (const data of bad) {
      const res = await request.post(`/api/products/${p.id}/reviews`, { headers, data });
      expect(res.status(), JSON.stringify(data)).toBe(400);
      const body = await res.json();
      expect(body.message).toBeTruthy();
      expect(body.errors).toBeTruthy();
    }
    const malformed = await request.post(`/api/products/${p.id}/reviews`, {
      headers: { ...headers, "Content-Type": "application/json" },
      data: "{not json",
    });
    expect(malformed.status()).toBe(400);
    expect(await prisma.review.count({ where: { productId: p.id } })).toBe(0);
  });

  test("adds a review, updates rating and count, and refuses a second one", async ({ request }) => {
    const p = await createTestProduct();
    const other = await createTestProduct();
    const a = await signedIn();
    const b = await signedIn();
    const first = await request.post(`/api/products/${p.id}/reviews`, {
      headers: a.headers,
      data: { rating: 5, comment: "Lovely cotton", productId: other.id },
    });
    expect(first.status()).toBe(201);
    expect((await first.json()).message).toBeTruthy();
    await request.post(`/api/products/${p.id}/reviews`, { headers: b.headers, data: { rating: "2", comment: "Runs small" } });

    const product = await (await request.get(`/api/products/${p.id}`)).json();
    expect(product).toMatchObject({ rating: 3.5, numReviews: 2 });
    expect(product.reviews[0]).toMatchObject({ name: b.user.name, rating: 2, comment: "Runs small" });
    expect(product.reviews[1]).toMatchObject({ name: a.user.name, rating: 5, comment: "Lovely cotton" });
    // The productId in the body was ignored.
    expect(await prisma.review.count({ where: { productId: other.id } })).toBe(0);

    const again = await request.post(`/api/products/${p.id}/reviews`, { headers: a.headers, data: { rating: 1, comment: "Changed my mind" } });
    expect(again.status()).toBe(400);
    expect(await again.json()).toEqual({ message: "Product already reviewed" });
    expect((await (await request.get(`/api/products/${p.id}`)).json()).numReviews).toBe(2);
  });

  test("reviewing an unknown product is 404", async ({ request }) => {
    const { headers } = await signedIn();
    for (const id of ["99999999", "abc"]) {
      const res = await request.post(`/api/products/${id}/reviews`, { headers, data: { rating: 5, comment: "x" } });
      expect(res.status()).toBe(404);
    }
  });

  test("a review's HTML is shown on the product page as text, never as markup", async ({ request }) => {
    const p = await createTestProduct();
    const { headers } = await signedIn();
    const comment = `<img src=x onerror=alert(1)><script>alert(2)</script>`;
    expect((await request.post(`/api/products/${p.id}/reviews`, { headers, data: { rating: 3, comment } })).status()).toBe(201);
    const html = await (await request.get(`/product/${p.id}`)).text();
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).not.toContain("<img src=x onerror");
    expect(html).not.toContain("<script>alert(2)");
  });
});

test.describe("product page metadata", () => {
  test("has a title, description, Open Graph and Twitter tags and safely escaped JSON-LD with breadcrumbs", async ({ request }) => {
    const p = await createTestProduct({
      name: `Tricky </script><b>name ${uniqueTag()}`,
      pricePaisa: 2500_50,
      sizes: [{ size: "M", quantity: 0 }],
      description: "<p>Soft handloom cotton, woven in Tangail.</p>",
    });
    await prisma.review.create({ data: { productId: p.id, name: "R", rating: 4, comment: "ok" } });
    await prisma.product.update({ where: { id: p.id }, data: { rating: 4, numReviews: 1 } });
    const res = await request.get(`/product/${p.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Tricky &lt;/script&gt;&lt;b&gt;name");
    expect(html).toMatch(/<meta name="description" content="Soft handloom cotton, woven in Tangail."/);
    expect(html).toMatch(/<meta property="og:type" content="product"/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/placeholder.svg"/);
    expect(html).toMatch(/<meta name="twitter:image" content="http:\/\/localhost:\d+\/placeholder.svg"/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/product/${p.id}"`));

    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const raw = blocks[0]![1]!;
    expect(raw).not.toContain("<");
    const [ld, crumbs] = JSON.parse(raw);
    expect(crumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [{ position: 1, name: "Home" }, { position: 2 }, { position: 3, name: p.name }],
    });
    expect(ld).toMatchObject({
      "@type": "Product",
      name: p.name,
      offers: { price: "2500.50", priceCurrency: "BDT", availability: "https://schema.org/OutOfStock" },
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
    });
    expect(ld.image[0]).toMatch(/^http:\/\/localhost:\d+\/placeholder.svg$/);
  });

  test("unknown and non-numeric product pages are 404 pages", async ({ request }) => {
    for (const path of ["/product/99999999", "/product/abc", "/category/99999999", "/category/abc", "/footer-info/99999999"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text()).toContain("We could not find that page");
    }
  });
});
