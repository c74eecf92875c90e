import { prisma } from "~/utils/db.server";

import { DEFAULT_CATEGORY_ID } from "./category.server";
import { effectivePrice, tsQuery } from "./catalogue-sql.server";
import { toTaka } from "./pricing";
import { searchWords, tsQueryText } from "./search-terms";

// Suggestions under the search box as a shopper types: a few products and
// categories, in one SQL statement.

export const MAX_PRODUCT_SUGGESTIONS = 6;
const MAX_CATEGORY_SUGGESTIONS = 4;
/**
 * Ranking reads only this many matches: a one-word prefix can match a large
 * part of a big catalogue, and a suggestion must answer as fast for 100k
 * products as for 1k. The search results page ranks every match.
 */
const RANK_AT_MOST = 200;

export type Suggestions = {
  products: { id: number; name: string; image: string; price: number }[];
  categories: { id: number; name: string }[];
};

export async function suggest(q: string): Promise<Suggestions> {
  const words = searchWords(q);
  if (words.length === 0) return { products: [], categories: [] };
  const query = tsQuery(tsQueryText(words, { typing: true }));
  const [row] = await prisma.$queryRaw<{ products: Suggestions["products"] | null; categories: Suggestions["categories"] | null }[]>`
    SELECT
      (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'image', p.image, 'price', ${effectivePrice}) ORDER BY top.r DESC, top.id)
       FROM (SELECT m.id, m.r FROM (
               SELECT p.id, ts_rank(p."searchDocument", ${query}) AS r FROM "Product" p
               WHERE p."searchDocument" @@ ${query} LIMIT ${RANK_AT_MOST}::int) m
             ORDER BY m.r DESC, m.id LIMIT ${MAX_PRODUCT_SUGGESTIONS}::int) top
       JOIN "Product" p ON p.id = top.id) AS products,
      (SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name)
       FROM (SELECT id, name FROM "Category"
             WHERE id <> ${DEFAULT_CATEGORY_ID}::int AND to_tsvector('simple', name) @@ ${query}
             ORDER BY name LIMIT ${MAX_CATEGORY_SUGGESTIONS}::int) c) AS categories`;
  return {
    products: (row?.products ?? []).map((p) => ({ ...p, price: toTaka(p.price) })),
    categories: row?.categories ?? [],
  };
}
