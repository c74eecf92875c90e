import { Prisma } from "@prisma/client";

import type { ListOptions } from "~/schemas/catalogue";
import { catalogueDb } from "~/models/platform/index.server";

import { NO_OPTIONS } from "./catalogue-search.server";
import { clearRefreshedCaches, COUNT_TTL_MS, refreshedCache } from "./refreshed-cache.server";
import { discountPct, effectivePrice, filterConditions, inStockSql, liveSql, tsQuery, type Facet } from "./catalogue-sql.server";
import { searchWords, tsQueryText } from "../../utils/search-terms";
import { searchTerms } from "./synonyms.server";

// Counts beside each filter value ("M (23)") for the current list: the
// catalogue, a category or a search. Each facet counts with every other
// filter applied but not its own, so picking M still shows how many L has.

const { sql, join } = Prisma;

export type FacetValue = { value: string; count: number };
/** A colour of the list (issue 38): its English name is the URL value; the Bangla name and swatch are for showing. */
export type ColorFacetValue = FacetValue & { nameBn: string | null; hex: string };
export type Facets = {
  sizes: FacetValue[];
  colors: ColorFacetValue[];
  brands: FacetValue[];
  inStock: number;
  onSale: number;
  /** Lowest and highest price paid (taka) in the list, for the price inputs' hints. */
  priceRange: { min: number; max: number } | null;
};

const MAX_BRANDS = 30;
const MAX_COLORS = 30;
/**
 * Counts over a large catalogue cost a scan of every matching product (about
 * a second for the whole of 100k products on a busy 2-core machine), so a
 * list's counts are kept in this process and refreshed in the background
 * once older than this: no shopper waits for a recount after the first.
 * Products and pages are always fresh; only the numbers in brackets may lag,
 * by this long plus one recount. A filtered list's total lags the same way
 * (catalogue-search.server.ts), so it agrees with its colour's count.
 */
export const FACET_TTL_MS = COUNT_TTL_MS;
const MAX_CACHED = 500;
const cache = refreshedCache<Facets>(FACET_TTL_MS, MAX_CACHED);

type FacetQuery = { keyword?: string | null; categoryId?: number; options?: ListOptions; correctedTo?: string | null };

export function listFacets(q: FacetQuery): Promise<Facets> {
  const key = JSON.stringify([q.keyword ?? "", q.categoryId ?? 0, q.options ?? NO_OPTIONS, q.correctedTo ?? ""]);
  return cache.get(key, () => computeFacets(q));
}

/** Tests: counts (the facets and filtered lists' totals) right after changing products. */
export function clearFacetCache() {
  clearRefreshedCaches();
}

const sizeOrder = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"];
function bySize(a: FacetValue, b: FacetValue) {
  const rank = (v: string) => {
    const i = sizeOrder.indexOf(v.toUpperCase());
    if (i >= 0) return i;
    const n = Number(v);
    return Number.isFinite(n) ? 100 + n : 10_000;
  };
  return rank(a.value) - rank(b.value) || a.value.localeCompare(b.value);
}

async function computeFacets(q: FacetQuery): Promise<Facets> {
  const options = q.options ?? NO_OPTIONS;
  const base: Prisma.Sql[] = [liveSql];
  const words = searchWords(q.keyword);
  if (q.keyword?.trim()) {
    if (words.length === 0) return { sizes: [], colors: [], brands: [], inStock: 0, onSale: 0, priceRange: null };
    // The same words as the list's, synonyms included (catalogue-search.server.ts).
    const text = tsQueryText(await searchTerms(words));
    const corrected = q.correctedTo ? tsQueryText(await searchTerms(searchWords(q.correctedTo))) : null;
    const query = corrected ? sql`(${tsQuery(text)} || ${tsQuery(corrected)})` : tsQuery(text);
    base.push(sql`p."searchDocument" @@ ${query}`);
  }
  if (q.categoryId) base.push(sql`p."categoryId" = ${q.categoryId}::int`);
  const where = (except: Facet | "none") => {
    const all = [...base, ...filterConditions(options, except === "none" ? undefined : except)];
    return all.length > 0 ? join(all, " AND ") : sql`TRUE`;
  };
  const from = sql`FROM "Product" p`;
  const [row] = await catalogueDb.$queryRaw<
    {
      sizes: FacetValue[] | null;
      colors: ColorFacetValue[] | null;
      brands: FacetValue[] | null;
      in_stock: number;
      on_sale: number;
      price: { min: number | null; max: number | null };
    }[]
  >`
    SELECT
      (SELECT json_agg(json_build_object('value', t.size, 'count', t.n)) FROM (
         -- Each product's sizes in stock made distinct within the product (a product in two colours of a
         -- size is still one product in that size, issue 38): a count(DISTINCT p.id) over all the variants
         -- sorted every variant of the list, 0.3-3 s for a category of 14k products × 15 variants.
         SELECT k.size, count(*)::int AS n ${from}
         CROSS JOIN LATERAL (SELECT DISTINCT s.size FROM "ProductSize" s WHERE s."productId" = p.id AND s.quantity > 0) k
         WHERE ${where("size")} GROUP BY k.size) t) AS sizes,
      (SELECT json_agg(json_build_object('value', t.name, 'nameBn', t.name_bn, 'hex', t.hex, 'count', t.n) ORDER BY t.n DESC, t.name) FROM (
         -- Colours are each product's own rows: one value per name, whatever its case; a product counts once.
         -- The list's colours in stock as a set of ids first, so only colours, not variants, are grouped.
         SELECT min(c.name) AS name, min(c."nameBn") AS name_bn, min(c.hex) AS hex, count(DISTINCT c."productId")::int AS n
         FROM "ProductColor" c
         WHERE c.id IN (SELECT s."colorId" ${from} JOIN "ProductSize" s ON s."productId" = p.id AND s.quantity > 0 WHERE ${where("color")})
         GROUP BY lower(c.name) ORDER BY n DESC, min(c.name) LIMIT ${MAX_COLORS}::int) t) AS colors,
      (SELECT json_agg(json_build_object('value', t.brand, 'count', t.n) ORDER BY t.n DESC, t.brand) FROM (
         SELECT p.brand, count(*)::int AS n ${from} WHERE ${where("brand")}
         GROUP BY p.brand ORDER BY n DESC, p.brand LIMIT ${MAX_BRANDS}::int) t) AS brands,
      (SELECT count(*)::int ${from} WHERE ${where("inStock")} AND ${inStockSql}) AS in_stock,
      (SELECT count(*)::int ${from} WHERE ${where("onSale")} AND ${discountPct} > 0) AS on_sale,
      (SELECT json_build_object('min', min(${effectivePrice}), 'max', max(${effectivePrice}))
         ${from} WHERE ${where("price")}) AS price`;
  return {
    sizes: (row?.sizes ?? []).sort(bySize),
    colors: row?.colors ?? [],
    brands: row?.brands ?? [],
    inStock: row?.in_stock ?? 0,
    onSale: row?.on_sale ?? 0,
    priceRange: row?.price.min == null || row.price.max == null ? null : { min: row.price.min / 100, max: row.price.max / 100 },
  };
}
