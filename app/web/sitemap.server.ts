import { localePath } from "~/i18n/languages";
import { sitemapCategoryIds, sitemapProductCount, sitemapProducts } from "~/models/catalogue/index.server";
import { footerPageDates } from "~/models/content/index.server";

// /sitemap.xml for search engines: home, categories, footer pages and every
// product with its lastmod. Written as it is read from the database, so a
// large catalogue never sits in memory. Past `splitSize` URLs (the protocol
// allows 50,000 a file) it becomes a sitemap index of product files.
// Every page is listed in English and in Bangla (/bn/…), each entry naming
// both as hreflang alternates, as search engines ask (decision 044).
// It sits above the domains (decision 113): catalogue gives its categories and
// products, content its footer pages, each through its face.

export const SITEMAP_MAX_URLS = 50_000;

const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const XHTML = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';
/** Each page is two URLs, English and Bangla. */
const LANGS_PER_PAGE = 2;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** A page's two entries: `path` in English and under /bn, each with both alternates. */
function url(origin: string, path: string, lastmod?: Date) {
  const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  const en = escapeXml(`${origin}${path}`);
  const bn = escapeXml(`${origin}${localePath("bn", path)}`);
  const links =
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="bn" href="${bn}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`;
  return `<url><loc>${en}</loc>${mod}${links}</url>\n<url><loc>${bn}</loc>${mod}${links}</url>\n`;
}

async function* pageUrls(origin: string) {
  const [categoryIds, footerPages] = await Promise.all([sitemapCategoryIds(), footerPageDates()]);
  yield url(origin, "/");
  for (const id of categoryIds) yield url(origin, `/category/${id}`);
  for (const f of footerPages) yield url(origin, `/footer-info/${f.id}`, f.updatedAt);
}

/** Products in id order, `limit` of them from the `skip`-th. */
async function* productUrls(origin: string, skip: number, limit: number) {
  for await (const rows of sitemapProducts(skip, limit)) yield rows.map((r) => url(origin, `/product/${r.id}`, r.updatedAt)).join("");
}

/** Footer pages and categories are few: they share the first file with home. */
const PAGES_FILE = "pages.xml";
const productsFile = (n: number) => `products-${n}.xml`;

/**
 * The text of a sitemap file, in pieces: `file` is null for /sitemap.xml,
 * else a name from its index ("pages.xml", "products-2.xml"). Null when no
 * such file exists.
 */
export async function sitemapFile(origin: string, file: string | null, splitSize = SITEMAP_MAX_URLS): Promise<AsyncGenerator<string> | null> {
  const products = await sitemapProductCount();
  // Products a file holds: each is one URL per language.
  const perFile = Math.max(1, Math.floor(splitSize / LANGS_PER_PAGE));
  const files = Math.ceil(products / perFile);
  // Room for home, categories and footer pages beside the products in one file.
  const single = (products + 1000) * LANGS_PER_PAGE <= splitSize;
  if (file === null) return single ? urlset(pageUrls(origin), productUrls(origin, 0, products)) : index(origin, files);
  if (single) return null;
  if (file === PAGES_FILE) return urlset(pageUrls(origin));
  const n = /^products-(\d+)\.xml$/.exec(file)?.[1];
  const number = Number(n);
  if (!n || number < 1 || number > files) return null;
  return urlset(productUrls(origin, (number - 1) * perFile, perFile));
}

async function* urlset(...parts: AsyncGenerator<string>[]) {
  yield `${HEAD}<urlset ${XMLNS} ${XHTML}>\n`;
  for (const part of parts) yield* part;
  yield "</urlset>\n";
}

async function* index(origin: string, files: number) {
  yield `${HEAD}<sitemapindex ${XMLNS}>\n`;
  const names = [PAGES_FILE, ...Array.from({ length: files }, (_, i) => productsFile(i + 1))];
  for (const name of names) yield `<sitemap><loc>${escapeXml(`${origin}/sitemap/${name}`)}</loc></sitemap>\n`;
  yield "</sitemapindex>\n";
}

/** Paths robots.txt keeps crawlers out of: private, per-visitor or checkout pages. */
const PRIVATE_PAGES = ["/cart", "/shipping", "/payment", "/placeorder", "/order/", "/profile"];
export const ROBOTS_DISALLOW = ["/admin", ...PRIVATE_PAGES, ...PRIVATE_PAGES.map((p) => `/bn${p}`), "/api/"];

export function robotsTxt(origin: string) {
  return ["User-agent: *", ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
