import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";

// The page cache's contract with Varnish and browsers (server/page-cache.js):
// anonymous catalogue pages are shared, tagged and purged by writes; nothing
// one visitor sees about themselves ever reaches another.

const PUBLIC = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

test("an anonymous product page is served from the cache with its tags, an ETag and a hash-based CSP", async ({ request }) => {
  const category = await createTestCategory();
  const product = await createTestProduct({ categoryId: category.id });
  const url = `/product/${product.id}`;

  const first = await request.get(url);
  expect(first.status()).toBe(200);
  expect(first.headers()["x-cache"]).toBe("MISS");
  const second = await request.get(url);
  expect(second.headers()["x-cache"]).toBe("HIT");
  expect(await second.text()).toBe(await first.text());

  const headers = second.headers();
  expect(headers["cache-control"]).toBe(PUBLIC);
  expect(headers.vary).toMatch(/Cookie/);
  const tags = headers["x-cache-tags"].split(" ");
  expect(tags).toEqual(expect.arrayContaining([`product:${product.id}`, `category:${category.id}`, "catalogue"]));

  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  const scriptSrc = /script-src[^;]*/.exec(csp)![0];
  expect(scriptSrc).not.toMatch(/nonce-|unsafe-inline/);
  expect(await second.text()).not.toMatch(/nonce="/);

  const notModified = await request.get(url, { headers: { "If-None-Match": headers.etag } });
  expect(notModified.status()).toBe(304);
});

test("signed-in and carted visitors get private pages, and the next anonymous visitor never sees them", async ({ request }) => {
  const product = await createTestProduct();
  const url = `/product/${product.id}`;
  const name = `Cachetest ${uniqueTag()}`;
  const admin = await createUser({ isAdmin: true, name });
  const cookie = await sessionCookieFor(admin);

  // The shared copy with the visitor's own parts filled in (issue 29): private, and never stored as it is.
  const signedIn = await request.get(url, { headers: { Cookie: cookie } });
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
  expect(signedIn.headers()["x-page-holes"]).toBe("filled");
  expect(signedIn.headers()["x-cache-tags"]).toBeUndefined();
  expect(signedIn.headers()["etag"]).toBeUndefined();
  expect(await signedIn.text()).toContain(name);

  // A cart lives in the same cookie: the first POST from the cached page works and sets it.
  const added = await request.post(url, {
    form: { intent: "addToCart", productId: String(product.id), size: "M", qty: "1" },
    headers: { Cookie: "" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  const cartCookie = added.headers()["set-cookie"].split(";")[0];
  const carted = await request.get(url, { headers: { Cookie: cartCookie } });
  expect(carted.headers()["cache-control"]).toBe("private, no-store");
  expect(carted.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
  expect(carted.headers()["x-page-holes"]).toBe("filled");

  const anonymous = await request.get(url, { headers: { Cookie: "" } });
  const body = await anonymous.text();
  expect(body).not.toContain(name);
  expect(body).not.toMatch(/href="\/admin/);
  expect(anonymous.headers()["cache-control"]).toBe(PUBLIC);
});

test("an admin's edit shows on the cached page within five seconds", async ({ request }) => {
  const product = await createTestProduct();
  const url = `/product/${product.id}`;
  await request.get(url);
  expect((await request.get(url)).headers()["x-cache"]).toBe("HIT");

  const admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
  const renamed = `Renamed ${uniqueTag()}`;
  const put = await request.put(`/api/products/${product.id}`, {
    headers: admin,
    data: {
      name: renamed,
      price: 1000,
      image: "/placeholder.svg",
      additionalImages: [],
      brand: product.brand,
      categoryId: product.categoryId,
      description: "<p>A test product.</p>",
      sizes: [{ size: "M", quantity: 5 }],
    },
  });
  expect(put.status()).toBe(200);
  await expect.poll(async () => (await request.get(url)).text(), { timeout: 5_000 }).toContain(renamed);
});

test("a page with a cookie, or a path outside the allow-list, is never shared", async ({ request }) => {
  const cart = await request.get("/cart");
  expect(cart.headers()["x-cache"]).toBeUndefined();
  expect(cart.headers()["cache-control"]).toMatch(/no-store/);
  const login = await request.get("/login");
  expect(login.headers()["x-cache"]).toBeUndefined();
  const missing = await request.get("/product/999999999");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["cache-control"] ?? "").not.toMatch(/public/);
});
