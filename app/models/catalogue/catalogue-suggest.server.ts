import { Prisma } from "@prisma/client";

import type { Lang } from "~/i18n/languages";
import { catalogueDb } from "~/models/platform/index.server";

import { tagPage } from "~/models/platform/index.server";
import { inLanguage } from "./bangla-text.server";
import { DEFAULT_CATEGORY_ID } from "./category.server";
import { effectivePrice, tsQuery } from "./catalogue-sql.server";
import { toTaka } from "./pricing";
import { searchWords, tsQueryText } from "../../utils/search-terms";
import { searchTerms } from "./synonyms.server";

// Suggestions under the search box as a shopper types: a few products and
// categories, in one SQL statement. Bangla and English words both find them
// (the trigger-kept words and documents hold both); names come in the page's language.
// A word of the synonym table finds its synonyms' products too ("jins" suggests jeans).

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

/** Product ids whose name or brand has a word starting with `start`, that match the whole query. */
function namedBy(start: Prisma.Sql, query: Prisma.Sql) {
  return Prisma.sql`
    SELECT w."productId" AS id FROM "ProductWord" w
    WHERE w.word >= ${start} AND w.word < ${start} || chr(1114111)
      AND (SELECT p."searchDocument" @@ ${query} FROM "Product" p WHERE p.id = w."productId")
    LIMIT ${RANK_AT_MOST}::int`;
}

export async function suggest(q: string, lang: Lang = "en"): Promise<Suggestions> {
  const words = searchWords(q);
  if (words.length === 0) return { products: [], categories: [] };
  tagPage(["search"]);
  const terms = await searchTerms(words);
  const query = tsQuery(tsQueryText(terms, { typing: true }));
  // The longest word narrows the range most; every word is checked by the full query. Its one-word
  // synonyms are ranges too, each read as far as the first RANK_AT_MOST (phrases: the full-text step).
  const longest = terms.reduce((a, b) => ([...b.word].length > [...a.word].length ? b : a));
  const starts = [longest.word, ...longest.synonyms.filter((s) => s.length === 1).map((s) => s[0]!)];
  const named =
    starts.length === 1
      ? namedBy(Prisma.sql`${longest.word}::text`, query)
      : Prisma.sql`SELECT x.id FROM unnest(${starts}::text[]) AS s(start), LATERAL (${namedBy(Prisma.sql`s.start`, query)}) x
                   LIMIT ${RANK_AT_MOST}::int`;
  const [row] = await catalogueDb.$queryRaw<
    { products: (Suggestions["products"][number] & Named)[] | null; categories: (Suggestions["categories"][number] & Named)[] | null }[]
  >`
    WITH named AS MATERIALIZED (${named}),
    -- Planned as if every match were wanted (the index for a rare word), read only up to the LIMIT
    -- below: a LIMIT here made PostgreSQL scan the table for a rare word (60 ms at 100k, finding one).
    indexed AS MATERIALIZED (
      SELECT p.id FROM "Product" p
      WHERE (SELECT count(*) FROM named) < ${MAX_PRODUCT_SUGGESTIONS}::int AND p."searchDocument" @@ ${query}),
    matched AS (
      SELECT id FROM named
      UNION
      (SELECT id FROM indexed LIMIT ${RANK_AT_MOST}::int))
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
