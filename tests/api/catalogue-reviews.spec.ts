import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Reviews through the API (docs/api.md) and what a product page tells search
// engines and link previews. Lists, search and details: catalogue.spec.ts.

async function signedIn() {
  const user = await createUser();
  return { user, headers: { Cookie: await sessionCookieFor(user) } };
}

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
