import type { Lang } from "~/i18n/languages";
import { catalogueDb } from "~/utils/db.server";

import { inLanguage } from "./bangla-text.server";
import { DEFAULT_CATEGORY_ID } from "./category.server";
import { effectivePrice, tsQuery } from "./catalogue-sql.server";
import { toTaka } from "./pricing";
import { searchWords, tsQueryText } from "./search-terms";

// Suggestions under the search box as a shopper types: a few products and
// categories, in one SQL statement. Bangla and English words both find them
// (the trigger-kept words and documents hold both); names come in the page's language.

export const MAX_PRODUCT_SUGGESTIONS = 6;
const MAX_CATEGORY_SUGGESTIONS = 4;
/**
 * Ranking reads only this many matches: a one-word prefix can match a large
 * part of a big catalogue, and a suggestion must answer as fast for 100k
 * products as for 1k. They come from the B-tree of name and brand words
 * (ProductWord), which stops after them. Only when fewer than a box of
 * suggestions match there (a word found only in descriptions or category
 * names) is the full-text index asked, which builds a bitmap of every match
 * first. A name or brand match outranks a description-only one in ts_rank
 * anyway. The search results page ranks every match.
 */
const RANK_AT_MOST = 200;

export type Suggestions = {
  products: { id: number; name: string; image: string; price: number }[];
  categories: { id: number; name: string }[];
};

type Named = { name: string; nameBn: string | null };

export async function suggest(q: string, lang: Lang = "en"): Promise<Suggestions> {
  const words = searchWords(q);
  if (words.length === 0) return { products: [], categories: [] };
  const query = tsQuery(tsQueryText(words, { typing: true }));
  // The longest word narrows the range most; every word is checked by the full query.
  const longest = words.reduce((a, b) => ([...b].length > [...a].length ? b : a));
  const [row] = await catalogueDb.$queryRaw<
    { products: (Suggestions["products"][number] & Named)[] | null; categories: (Suggestions["categories"][number] & Named)[] | null }[]
  >`
    WITH named AS MATERIALIZED (
      SELECT w."productId" AS id FROM "ProductWord" w
      WHERE w.word >= ${longest}::text AND w.word < ${longest}::text || chr(1114111)
        AND (SELECT p."searchDocument" @@ ${query} FROM "Product" p WHERE p.id = w."productId")
      LIMIT ${RANK_AT_MOST}::int),
    matched AS (
      SELECT id FROM named
      UNION
      (SELECT p.id FROM "Product" p
       WHERE (SELECT count(*) FROM named) < ${MAX_PRODUCT_SUGGESTIONS}::int AND p."searchDocument" @@ ${query}
       LIMIT ${RANK_AT_MOST}::int))
    SELECT
      (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'nameBn', p."nameBn", 'image', p.image, 'price', ${effectivePrice}) ORDER BY top.r DESC, top.id)
       FROM (SELECT m.id, ts_rank(p."searchDocument", ${query}) AS r FROM matched m JOIN "Product" p ON p.id = m.id
             ORDER BY r DESC, m.id LIMIT ${MAX_PRODUCT_SUGGESTIONS}::int) top
       JOIN "Product" p ON p.id = top.id) AS products,
      (SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'nameBn', c."nameBn") ORDER BY c.name)
       FROM (SELECT id, name, "nameBn" FROM "Category"
             WHERE id <> ${DEFAULT_CATEGORY_ID}::int AND to_tsvector('simple', name || ' ' || coalesce("nameBn", '')) @@ ${query}
             ORDER BY name LIMIT ${MAX_CATEGORY_SUGGESTIONS}::int) c) AS categories`;
  return {
    products: (row?.products ?? []).map((p) => ({ id: p.id, name: inLanguage(lang, p.name, p.nameBn), image: p.image, price: toTaka(p.price) })),
    categories: (row?.categories ?? []).map((c) => ({ id: c.id, name: inLanguage(lang, c.name, c.nameBn) })),
  };
}
