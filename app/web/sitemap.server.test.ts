import { expect, it } from "vitest";

import { createTestCategory, createTestProduct } from "../../tests/support/catalogue";
import { prisma } from "~/models/platform/index.server";

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
/** Each page's English and Bangla URLs, in the order the sitemap lists them. */
const both = (paths: string[]) => paths.flatMap((p) => [`${ORIGIN}${p}`, `${ORIGIN}${p === "/" ? "/bn" : `/bn${p}`}`]);

it("lists home, categories, footer pages and every product with lastmod; splits into an index past the split size", async () => {
  const category = await createTestCategory();
  const footer = await prisma.footerPage.create({ data: { title: "About", description: "<p>Us</p>" } });
  const products = [];
  for (let i = 0; i < 5; i++) products.push(await createTestProduct({ categoryId: category.id }));
  const productLocs = both(products.map((p) => `/product/${p.id}`));

  // Small enough for one file.
  const single = (await read(null))!;
  expect(single).toContain("<urlset");
  expect(locs(single)).toEqual([...both(["/", `/category/${category.id}`, `/footer-info/${footer.id}`]), ...productLocs]);
  expect(single).toContain(`<loc>${productLocs[0]}</loc><lastmod>${products[0]!.updatedAt.toISOString()}</lastmod>`);
  // Each language's entry names both versions (hreflang), English as the default.
  const bnProduct = `${ORIGIN}/bn/product/${products[0]!.id}`;
  const entry = single.split("\n").find((line) => line.includes(`<loc>${bnProduct}</loc>`))!;
  expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${productLocs[0]}"/>`);
  expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="bn" href="${bnProduct}"/>`);
  expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${productLocs[0]}"/>`);
  expect(await read("products-1.xml")).toBeNull();

  // At most 4 URLs (2 products in two languages) a file: an index of the pages file and three product files.
  const index = (await read(null, 4))!;
  expect(index).toContain("<sitemapindex");
  const files = locs(index);
  expect(files).toEqual(["pages.xml", "products-1.xml", "products-2.xml", "products-3.xml"].map((f) => `${ORIGIN}/sitemap/${f}`));
  const pages = locs((await read("pages.xml", 4))!);
  expect(pages).toEqual(both(["/", `/category/${category.id}`, `/footer-info/${footer.id}`]));
  const parts = await Promise.all([1, 2, 3].map(async (n) => locs((await read(`products-${n}.xml`, 4))!)));
  expect(parts.map((p) => p.length)).toEqual([4, 4, 2]);
  expect(parts.flat()).toEqual(productLocs);
  expect(await read("products-4.xml", 4)).toBeNull();
  expect(await read("other.xml", 4)).toBeNull();
});

it("robots.txt points to the sitemap and keeps admin, cart, checkout and profile out", () => {
  const text = robotsTxt(ORIGIN);
  expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  for (const path of ["/admin", "/cart", "/shipping", "/payment", "/placeorder", "/profile"]) expect(text).toContain(`Disallow: ${path}\n`);
});
