import { expect, it } from "vitest";

import { createTestCategory, createTestProduct } from "../../../tests/support/catalogue";
import { prisma } from "~/utils/db.server";

import { robotsTxt, sitemapFile } from "./sitemap.server";

// Each test file has its own database: only category 1 and what is made here.

const ORIGIN = "https://shop.example";

async function read(file: string | null, splitSize?: number) {
  const pieces = await sitemapFile(ORIGIN, file, splitSize);
  if (!pieces) return null;
  let text = "";
  for await (const piece of pieces) text += piece;
  return text;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

it("lists home, categories, footer pages and every product with lastmod; splits into an index past the split size", async () => {
  const category = await createTestCategory();
  const footer = await prisma.footerPage.create({ data: { title: "About", description: "<p>Us</p>" } });
  const products = [];
  for (let i = 0; i < 5; i++) products.push(await createTestProduct({ categoryId: category.id }));
  const productLocs = products.map((p) => `${ORIGIN}/product/${p.id}`);

  // Small enough for one file.
  const single = (await read(null))!;
  expect(single).toContain("<urlset");
  expect(locs(single)).toEqual([`${ORIGIN}/`, `${ORIGIN}/category/${category.id}`, `${ORIGIN}/footer-info/${footer.id}`, ...productLocs]);
  expect(single).toContain(`<loc>${productLocs[0]}</loc><lastmod>${products[0]!.updatedAt.toISOString()}</lastmod>`);
  expect(await read("products-1.xml")).toBeNull();

  // At most 2 URLs a file: an index of the pages file and three product files.
  const index = (await read(null, 2))!;
  expect(index).toContain("<sitemapindex");
  const files = locs(index);
  expect(files).toEqual(["pages.xml", "products-1.xml", "products-2.xml", "products-3.xml"].map((f) => `${ORIGIN}/sitemap/${f}`));
  const pages = locs((await read("pages.xml", 2))!);
  expect(pages).toEqual([`${ORIGIN}/`, `${ORIGIN}/category/${category.id}`, `${ORIGIN}/footer-info/${footer.id}`]);
  const parts = await Promise.all([1, 2, 3].map(async (n) => locs((await read(`products-${n}.xml`, 2))!)));
  expect(parts.map((p) => p.length)).toEqual([2, 2, 1]);
  expect(parts.flat()).toEqual(productLocs);
  expect(await read("products-4.xml", 2)).toBeNull();
  expect(await read("other.xml", 2)).toBeNull();
});

it("robots.txt points to the sitemap and keeps admin, cart, checkout and profile out", () => {
  const text = robotsTxt(ORIGIN);
  expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  for (const path of ["/admin", "/cart", "/shipping", "/payment", "/placeorder", "/profile"]) expect(text).toContain(`Disallow: ${path}\n`);
});
