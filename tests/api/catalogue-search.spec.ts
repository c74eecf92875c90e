import { expect, test } from "@playwright/test";

import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// The list options GET /api/products shares with the pages, suggestions,
// and what search engines read: /sitemap.xml and /robots.txt.

const ids = (body: { products: { id: number }[] }) => body.products.map((p) => p.id);

test("GET /api/products and its category variant take the pages' sort and filters", async ({ request }) => {
  const tag = uniqueTag();
  const category = await createTestCategory(`Api sort ${tag}`);
  const cheap = await createTestProduct({ name: `Sort ${tag} a`, categoryId: category.id, pricePaisa: 900_00, brand: `B${tag}` });
  const dear = await createTestProduct({ name: `Sort ${tag} b`, categoryId: category.id, pricePaisa: 2000_00 });
  // 2000.00 at 60 % is 800.00: below the cheap one.
  await prisma.discount.create({ data: { productId: dear.id, percentage: 60 } });

  const byCategory = await request.get(`/api/products/category/${category.id}`, { params: { sort: "price-asc" } });
  expect(byCategory.status()).toBe(200);
  expect(ids(await byCategory.json())).toEqual([dear.id, cheap.id]);

  const search = await request.get(`/api/products?keyword=sort ${tag}&sort=price-desc&onSale=0`);
  const body = await search.json();
  expect(Object.keys(body).sort()).toEqual(["page", "pages", "products"]);
  expect(ids(body)).toEqual([cheap.id, dear.id]);
  expect(ids(await (await request.get(`/api/products?keyword=sort ${tag}&brand=B${tag}`)).json())).toEqual([cheap.id]);
  expect(ids(await (await request.get(`/api/products?keyword=sort ${tag}&onSale=1&maxPrice=800`)).json())).toEqual([dear.id]);
});

test("a bad sort or filter value is a 400 naming the field, never a 500", async ({ request }) => {
  for (const query of ["sort=cheapest", "minPrice=abc", "inStock=maybe", "maxPrice=-5"]) {
    const res = await request.get(`/api/products?${query}`);
    expect(res.status(), query).toBe(400);
    const body = await res.json();
    expect(typeof body.message).toBe("string");
    expect(Object.keys(body.errors)).toEqual([query.split("=")[0]]);
  }
  const nul = await request.get(`/api/products?brand=${encodeURIComponent("a\u0000b")}`);
  expect(nul.status()).toBe(200);
});

test("GET /api/products/suggest answers products and categories, cached 5 seconds", async ({ request }) => {
  const tag = uniqueTag();
  const category = await createTestCategory(`Gamchha${tag}`);
  const product = await createTestProduct({ name: `Gamchha${tag} towel`, categoryId: category.id, pricePaisa: 350_50 });
  // A prefix of the name that still holds the tag's random part, so earlier runs' products never match.
  const res = await request.get("/api/products/suggest", { params: { q: `gamchha${tag.slice(0, -2)}` } });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("public, max-age=5");
  const body = await res.json();
  expect(body.products).toEqual([{ id: product.id, name: product.name, image: product.image, price: 350.5 }]);
  expect(body.categories).toEqual([{ id: category.id, name: category.name }]);

  expect(await (await request.get("/api/products/suggest?q=%25")).json()).toEqual({ products: [], categories: [] });
  expect((await request.get(`/api/products/suggest?q=${"x".repeat(101)}`)).status()).toBe(400);
  expect((await request.post("/api/products/suggest")).status()).toBe(405);
});

test("/sitemap.xml lists home, categories and products with lastmod; robots.txt points to it", async ({ request }) => {
  const product = await createTestProduct();
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/xml");
  const xml = await res.text();
  expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/<\/loc>/);
  expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/category\/2<\/loc>/);
  expect(xml).toMatch(new RegExp(`<loc>http://localhost:\\d+/product/${product.id}</loc><lastmod>`));
  expect((await request.get("/sitemap/products-1.xml")).status()).toBe(404);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap.xml/);
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Disallow: /cart");
});

test("list pages carry a canonical URL: paged lists their own, filtered variants the plain list", async ({ request }) => {
  const canonical = async (path: string) => /<link rel="canonical" href="([^"]+)"/.exec(await (await request.get(path)).text())?.[1];
  expect(await canonical("/page/2")).toMatch(/^http:\/\/localhost:\d+\/page\/2$/);
  expect(await canonical("/category/2/page/2?size=M")).toMatch(/^http:\/\/localhost:\d+\/category\/2$/);
  expect(await canonical("/?sort=newest")).toMatch(/^http:\/\/localhost:\d+\/$/);
  const home = await (await request.get("/")).text();
  expect(home).toContain('"@type":"Organization"');
  expect(home).toMatch(/<meta property="og:title"/);
  expect(home).toMatch(/<meta name="twitter:card"/);
});
