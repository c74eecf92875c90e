import { Prisma } from "@prisma/client";

import type { ListOptions, SortKey } from "~/schemas/catalogue";

import { toPaisa } from "./pricing";

// SQL pieces of the catalogue list, search and facets (catalogue-search.server.ts
// puts them together). Every value is a bound parameter of a Prisma.sql
// template; only fixed fragments written here are ever joined as text.
// Product rows are always aliased `p`.

const { sql, join, empty } = Prisma;

/**
 * The discount in force for `p` (`bestDiscountPercent` of pricing.ts) and the
 * price the shopper pays after it (`discountedPaisa`), in paisa: stored on the
 * product by triggers whenever a price, a category or a discount changes
 * (migration 20261124010000_stored_price_paid), so sorting by price walks an
 * index. catalogue-search.test.ts checks they agree with pricing.ts.
 */
export const discountPct = sql`p."salePercent"`;
export const effectivePrice = sql`p."paidPaisa"`;

/**
 * A product shoppers may see: active, not a draft (issue 22 item 1). Every
 * shopper read of "Product" carries it; the trigger-kept search tables hold
 * active products only (migration 20261126000000_product_status).
 */
export const liveSql = sql`p.status = 'active'`;

/** A product with any size in stock. */
export const inStockSql = sql`EXISTS (SELECT 1 FROM "ProductSize" s WHERE s."productId" = p.id AND s.quantity > 0)`;

export function tsQuery(text: string) {
  return sql`to_tsquery('simple', ${text})`;
}

export type Facet = "size" | "color" | "brand" | "inStock" | "onSale" | "price";

/**
 * The product has a variant in stock in one of these colours (issue 38,
 * decision 104) and, when sizes are picked too, in one of those sizes: navy
 * in L is one variant, not a navy M beside a maroon L. Each colour value is a
 * colour's English name in any case, its Bangla name, or a colour's id
 * standing for that colour's English name. Colours are each product's own
 * rows, so "navy" means every product's Navy.
 */
function colourCondition(values: string[], sizes: string[]) {
  const ids = values.filter((v) => /^[0-9]{1,9}$/.test(v)).map(Number);
  const sized = sizes.length > 0 ? sql`AND s.size = ANY(${sizes}::text[])` : empty;
  // The product's own colours first, then a variant of that colour in stock: joining every variant
  // in stock to its colour hashed all of them (1.5M at 100k products), twice as slow.
  return sql`EXISTS (SELECT 1 FROM "ProductColor" c
    WHERE c."productId" = p.id
      AND (lower(c.name) IN (SELECT lower(v) FROM unnest(${values}::text[]) v)
        OR c."nameBn" = ANY(${values}::text[])
        OR lower(c.name) IN (SELECT lower(k.name) FROM "ProductColor" k WHERE k.id = ANY(${ids}::int[])))
      AND EXISTS (SELECT 1 FROM "ProductSize" s WHERE s."productId" = p.id AND s."colorId" = c.id AND s.quantity > 0 ${sized}))`;
}

/**
 * The filter conditions of `options`, leaving out the facet `except` (a
 * facet's own counts ignore its own selection, so "M (23)" stays visible
 * while L is picked).
 */
export function filterConditions(options: ListOptions, except?: Facet): Prisma.Sql[] {
  const out: Prisma.Sql[] = [];
  const colours = except === "color" ? [] : (options.color ?? []);
  // A colour with sizes is one condition on the same variant; the size facet's counts keep the colour alone.
  if (colours.length > 0) out.push(colourCondition(colours, except === "size" ? [] : options.size));
  else if (except !== "size" && options.size.length > 0) {
    out.push(sql`EXISTS (SELECT 1 FROM "ProductSize" s WHERE s."productId" = p.id
      AND s.quantity > 0 AND s.size = ANY(${options.size}::text[]))`);
  }
  if (except !== "brand" && options.brand.length > 0) out.push(sql`p.brand = ANY(${options.brand}::text[])`);
  if (except !== "inStock" && options.inStock) out.push(inStockSql);
  if (except !== "onSale" && options.onSale) out.push(sql`${discountPct} > 0`);
  if (except !== "price") {
    const min = options.minPrice === undefined ? null : toPaisa(options.minPrice);
    const max = options.maxPrice === undefined ? null : toPaisa(options.maxPrice);
    // Paisa from taka with more than 2 decimals: round the bound outwards.
    if (options.minPrice !== undefined) out.push(sql`${effectivePrice} >= ${min ?? Math.floor(options.minPrice * 100)}::int`);
    if (options.maxPrice !== undefined) out.push(sql`${effectivePrice} <= ${max ?? Math.ceil(options.maxPrice * 100)}::int`);
  }
  return out;
}

export function whereAll(conditions: Prisma.Sql[]) {
  return conditions.length > 0 ? sql`WHERE ${join(conditions, " AND ")}` : empty;
}

/** ORDER BY keys, each ending in a unique id so pages never overlap; `reverse` flips every key. */
export function orderBy(sort: SortKey | undefined, rank: Prisma.Sql | null, reverse: boolean) {
  const asc = reverse ? sql`DESC` : sql`ASC`;
  const desc = reverse ? sql`ASC` : sql`DESC`;
  switch (sort) {
    case "relevance":
      return rank ? sql`ORDER BY ${rank} ${desc}, p.id ${asc}` : sql`ORDER BY p.id ${asc}`;
    case "newest":
      return sql`ORDER BY p."createdAt" ${desc}, p.id ${desc}`;
    case "price-asc":
      return sql`ORDER BY ${effectivePrice} ${asc}, p.id ${asc}`;
    case "price-desc":
      return sql`ORDER BY ${effectivePrice} ${desc}, p.id ${asc}`;
    case "rating":
      return sql`ORDER BY p.rating ${desc}, p."numReviews" ${desc}, p.id ${asc}`;
    default:
      return sql`ORDER BY p.id ${asc}`;
  }
}
