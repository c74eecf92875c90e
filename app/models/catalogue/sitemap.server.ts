import { catalogueDb } from "~/models/platform/index.server";

import { DEFAULT_CATEGORY_ID } from "./category.server";

// The catalogue's part of /sitemap.xml (app/web/sitemap.server.ts writes the
// XML): which categories and active products there are, read by key in
// batches so a large catalogue never sits in memory.

/** Products read per query while streaming. */
const BATCH = 1000;

/** Active products, as kept by ProductCount (drafts are not counted). */
export async function sitemapProductCount() {
  const { _sum } = await catalogueDb.productCount.aggregate({ _sum: { n: true } });
  return _sum.n ?? 0;
}

/** Every category a shopper can open, in id order (the default one is only a holder). */
export async function sitemapCategoryIds(): Promise<number[]> {
  const rows = await catalogueDb.category.findMany({ where: { id: { not: DEFAULT_CATEGORY_ID } }, orderBy: { id: "asc" }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** Active products in id order, `limit` of them from the `skip`-th, a batch at a time. */
export async function* sitemapProducts(skip: number, limit: number): AsyncGenerator<{ id: number; updatedAt: Date }[]> {
  // Drafts are not for search engines (nor counted by ProductCount, which sizes the index).
  const first = await catalogueDb.product.findFirst({ where: { status: "active" }, orderBy: { id: "asc" }, skip, select: { id: true } });
  if (!first) return;
  let after = first.id - 1;
  let left = limit;
  while (left > 0) {
    const rows = await catalogueDb.product.findMany({
      where: { id: { gt: after }, status: "active" },
      orderBy: { id: "asc" },
      take: Math.min(BATCH, left),
      select: { id: true, updatedAt: true },
    });
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
    left -= rows.length;
  }
}
