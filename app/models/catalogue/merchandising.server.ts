import { Prisma } from "@prisma/client";

import type { Lang } from "~/i18n/languages";
import { catalogueDb } from "~/models/platform/index.server";

import { inLanguage } from "./bangla-text.server";
import { liveSql } from "./catalogue-sql.server";
import { DEFAULT_CATEGORY_ID } from "./category.server";
import { tagPage } from "~/models/platform/index.server";
import { bestDiscountPercent, discountedPaisa, toTaka } from "./pricing";

// Extra rows on the home and product pages (collection tiles, top rated,
// "You may also like"). These pages are on the benchmark's hot path, so each
// is ONE SQL statement selecting only what a card or tile shows; prices still
// go through the one pricing rule (bestDiscountPercent, discountedPaisa).

import type { ProductCardDTO } from "./product-card";

export type { ProductCardDTO };

type CardRow = {
  id: number;
  name: string;
  nameBn: string | null;
  image: string;
  pricePaisa: number;
  rating: number;
  numReviews: number;
  countInStock: bigint | number;
  discounts: number[];
  colors: { name: string; nameBn: string | null; hex: string; soldOut: boolean }[];
};

async function cards(where: Prisma.Sql, orderBy: Prisma.Sql, limit: number, lang: Lang): Promise<ProductCardDTO[]> {
  const rows = await catalogueDb.$queryRaw<CardRow[]>`
    SELECT p.id, p.name, p."nameBn", p.image, p."pricePaisa", p.rating, p."numReviews",
      COALESCE((SELECT SUM(s.quantity) FROM "ProductSize" s WHERE s."productId" = p.id), 0) AS "countInStock",
      ARRAY(SELECT d.percentage FROM "Discount" d
            WHERE d."isActive" AND (d."productId" = p.id OR d."categoryId" = p."categoryId")) AS discounts,
      -- soldOut as toProductCard works it out for list pages: all of the colour's sizes at 0.
      COALESCE((SELECT json_agg(json_build_object('name', k.name, 'nameBn', k."nameBn", 'hex', k.hex,
                  'soldOut', COALESCE((SELECT bool_and(s.quantity <= 0) FROM "ProductSize" s WHERE s."colorId" = k.id), false))
                  ORDER BY k.position, k.id)
                FROM "ProductColor" k WHERE k."productId" = p.id), '[]'::json) AS colors
    FROM "Product" p
    WHERE ${liveSql} AND ${where}
    ORDER BY ${orderBy}
    LIMIT ${limit}`;
  tagPage(rows.map((row) => `product:${row.id}` as const));
  return rows.map((row) => {
    const discountPercentage = bestDiscountPercent(row.discounts.map((percentage) => ({ percentage, isActive: true })));
    return {
      id: row.id,
      name: inLanguage(lang, row.name, row.nameBn),
      image: row.image,
      price: toTaka(discountedPaisa(row.pricePaisa, discountPercentage)),
      originalPrice: toTaka(row.pricePaisa),
      discountPercentage,
      rating: Math.round(row.rating * 100) / 100,
      numReviews: row.numReviews,
      countInStock: Number(row.countInStock),
      colors: row.colors,
    };
  });
}

/** The best-rated products in the order of getTopProducts (/api/products/top): ties go to more reviews. */
export function topRatedCards(limit = 4, lang: Lang = "en") {
  return cards(Prisma.sql`TRUE`, Prisma.sql`p.rating DESC, p."numReviews" DESC, p.id ASC`, limit, lang);
}

/**
 * Other products of the same category, newest first: the product page's "You
 * may also like". Takes only the id, so it runs beside the product's own query.
 */
export function relatedCards(productId: number, limit = 4, lang: Lang = "en") {
  return cards(
    Prisma.sql`p."categoryId" = (SELECT "categoryId" FROM "Product" WHERE id = ${productId}) AND p.id <> ${productId}`,
    Prisma.sql`p.id DESC`,
    limit,
    lang,
  );
}

export type CollectionTile = { id: number; name: string; image: string; count: number };

/**
 * One tile per shop category that has products (the oldest `limit` of them):
 * its name, its first product's picture and how many there are. The count is
 * the trigger-kept ProductCount and the picture one index probe per category,
 * so the home page costs the same at 100k products as at 1k.
 */
export async function collectionTiles(limit = 8, lang: Lang = "en"): Promise<CollectionTile[]> {
  return (await homeTiles(lang, limit)).tiles;
}

/**
 * The home page's tiles in `lang`, and which two the shop window opens with: the first whose
 * English name says panjabi, and saree (the window finds them on a Bangla page too).
 */
export async function homeTiles(lang: Lang, limit = 8) {
  const rows = await catalogueDb.$queryRaw<{ id: number; name: string; nameBn: string | null; image: string; count: number }[]>`
    SELECT c.id, c.name, c."nameBn", first.image, pc.n AS count
    FROM "Category" c
    JOIN "ProductCount" pc ON pc."categoryId" = c.id AND pc.n > 0
    JOIN LATERAL (SELECT p.image FROM "Product" p WHERE p."categoryId" = c.id AND ${liveSql} ORDER BY p.id LIMIT 1) first ON TRUE
    WHERE c.id <> ${DEFAULT_CATEGORY_ID}
    ORDER BY c.id
    LIMIT ${limit}`;
  tagPage(rows.map((r) => `category:${r.id}` as const));
  const named = (word: string) => rows.find((r) => r.name.toLowerCase().includes(word))?.id ?? null;
  const tiles: CollectionTile[] = rows.map((r) => ({ id: r.id, name: inLanguage(lang, r.name, r.nameBn), image: r.image, count: Number(r.count) }));
  return { tiles, windowIds: { panjabi: named("panjabi"), saree: named("saree") } };
}
