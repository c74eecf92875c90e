import { Prisma } from "@prisma/client";

import type { ListOptions, SortKey } from "~/schemas/catalogue";
import { catalogueDb } from "~/models/platform/index.server";
import { pageCount, pageOffset } from "~/utils/paging";

import { tagPage } from "~/models/platform/index.server";
import { filterConditions, liveSql, orderBy, tsQuery, whereAll } from "./catalogue-sql.server";
import { pageWithKeptTotal } from "./filtered-total.server";
import { matchesAsPrefix, phraseText, searchWords, tsQueryText, type SearchTerm } from "../../utils/search-terms";
import { searchTerms } from "./synonyms.server";

// The catalogue's list and search queries: which product ids make up a page,
// and how many pages there are. One SQL statement per question, written by
// hand (bound parameters only) because they run on every list page and the
// indexes they use matter (docs/decisions/014-catalogue-search.md).

const { sql, empty } = Prisma;

export const NO_OPTIONS: ListOptions = { size: [], brand: [], inStock: false, onSale: false };

export type CatalogueQuery = {
  keyword?: string | null;
  categoryId?: number;
  options?: ListOptions;
  page: number;
  pageSize: number;
};

export type CataloguePage = {
  ids: number[];
  page: number;
  pages: number;
  total: number;
  /** Set when misspelt words were corrected: "Showing results for …". */
  correctedTo: string | null;
};

type Match = { where: Prisma.Sql[]; rank: Prisma.Sql | null };

/** The sort a list uses when the shopper chose none: relevance for a search, catalogue order otherwise. */
export function effectiveSort(sort: SortKey | undefined, hasKeyword: boolean): SortKey | undefined {
  if (sort === "relevance" && !hasKeyword) return undefined;
  return sort ?? (hasKeyword ? "relevance" : undefined);
}

/** The keyword part: full text over the weighted document (GIN index). */
function textMatch(query: string, fallback: string | null): Match {
  if (!fallback) {
    return { where: [sql`p."searchDocument" @@ ${tsQuery(query)}`], rank: sql`ts_rank(p."searchDocument", ${tsQuery(query)})` };
  }
  // Corrected words widen the search; what matched as typed still comes first.
  const either = sql`(${tsQuery(query)} || ${tsQuery(fallback)})`;
  return {
    where: [sql`p."searchDocument" @@ ${either}`],
    rank: sql`((p."searchDocument" @@ ${tsQuery(query)})::int + ts_rank(p."searchDocument", ${either}))`,
  };
}

/**
 * A page of ids with the total, in one statement: the window count rides
 * along with the rows. Only a page past the end needs a second, plain count.
 * A list without a keyword (a category by colour, size…) keeps its total
 * like the facets' counts instead, read live only on its first render
 * (filtered-total.server.ts); a search's total stays exact, since it decides
 * whether misspelt words are corrected.
 */
async function filteredPage(q: CatalogueQuery, match: Match | null, sort: SortKey | undefined) {
  const options = q.options ?? NO_OPTIONS;
  const conditions = [liveSql, ...(match?.where ?? []), ...filterConditions(options)];
  if (q.categoryId) conditions.push(sql`p."categoryId" = ${q.categoryId}::int`);
  const offset = pageOffset(q.page, q.pageSize);
  const from = sql`FROM "Product" p ${whereAll(conditions)}`;
  if (offset === null) return { ids: [], total: await countOf(from) };
  if (!match) return pageWithKeptTotal(from, orderBy(sort, null, false), q.pageSize, offset);
  const rows = await catalogueDb.$queryRaw<{ id: number; total: number }[]>`
    SELECT p.id, count(*) OVER ()::int AS total ${from}
    ${orderBy(sort, match.rank, false)} LIMIT ${q.pageSize}::int OFFSET ${offset}::bigint`;
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
  return { ids: [], total: q.page === 1 ? 0 : await countOf(from) };
}

/** How many products of the list (category, filters) match the tsquery text, counted up to `upTo` (search-hint.server.ts). */
export async function countMatches(q: Pick<CatalogueQuery, "categoryId" | "options">, text: string, upTo: number): Promise<number> {
  const conditions = [liveSql, sql`p."searchDocument" @@ ${tsQuery(text)}`, ...filterConditions(q.options ?? NO_OPTIONS)];
  if (q.categoryId) conditions.push(sql`p."categoryId" = ${q.categoryId}::int`);
  // The CTE is planned as if every match were wanted (the index for a rare word) and read only as far
  // as the LIMIT. A LIMIT on the match itself made PostgreSQL scan the whole table for a rare word,
  // expecting to meet a few early and meeting one or none: 0.1-0.7 s at 100k products.
  const [row] = await catalogueDb.$queryRaw<{ n: number }[]>`
    WITH s AS MATERIALIZED (SELECT p.id FROM "Product" p ${whereAll(conditions)})
    SELECT count(*)::int AS n FROM (SELECT 1 FROM s LIMIT ${upTo}::int) m`;
  return row?.n ?? 0;
}

async function countOf(from: Prisma.Sql): Promise<number> {
  const [row] = await catalogueDb.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n ${from}`;
  return row?.n ?? 0;
}

/**
 * A page of the whole catalogue or one category, unfiltered: the total comes
 * from the trigger-kept ProductCount, and pages past the middle are read from
 * the far end in reverse, so the last page costs what the first does.
 */
async function unfilteredPage(q: CatalogueQuery, sort: SortKey | undefined) {
  const offset = pageOffset(q.page, q.pageSize) ?? Number.MAX_SAFE_INTEGER;
  // ProductCount counts active products, so the rows read here are the active ones too.
  const byCategory = q.categoryId ? sql`${liveSql} AND p."categoryId" = ${q.categoryId}::int` : liveSql;
  const counted = q.categoryId ? sql`WHERE "categoryId" = ${q.categoryId}::int` : empty;
  const [row] = await catalogueDb.$queryRaw<{ total: number; ids: number[]; reversed: boolean }[]>`
    WITH total AS (SELECT coalesce(sum(n), 0)::bigint AS n FROM "ProductCount" ${counted})
    SELECT (SELECT n FROM total)::int AS total,
      ${offset}::bigint * 2 > (SELECT n FROM total) AS reversed,
      CASE WHEN ${offset}::bigint * 2 <= (SELECT n FROM total) THEN
        ARRAY(SELECT p.id FROM "Product" p WHERE ${byCategory}
              ${orderBy(sort, null, false)} LIMIT ${q.pageSize}::int OFFSET ${offset}::bigint)
      ELSE
        ARRAY(SELECT p.id FROM "Product" p WHERE ${byCategory}
              ${orderBy(sort, null, true)}
              LIMIT GREATEST(LEAST(${q.pageSize}::int, (SELECT n FROM total) - ${offset}::bigint), 0)
              OFFSET GREATEST((SELECT n FROM total) - ${offset}::bigint - ${q.pageSize}::int, 0))
      END AS ids`;
  const ids = row?.ids ?? [];
  return { ids: row?.reversed ? [...ids].reverse() : ids, total: row?.total ?? 0 };
}

/**
 * A one-word search with no filter, sorted by relevance (the search box's
 * usual question), answered from the word table alone: one key range of
 * ProductLexeme's B-tree holds every matching product with its rank, so the
 * count and the order cost a few index pages however many products match,
 * where the full-text index has to read each match's row (decision 022). The
 * rank is ts_rank's own for one word, summed over the words a prefix matches.
 * A word with synonyms reads one range per synonym kept whole (lexemeQuery),
 * and asks the full-text index for the others (phrases); the ranks add up, as
 * ts_rank's do for "(a | b)" (divided by the number of words: the same order).
 */
async function lexemePage(q: CatalogueQuery, one: LexemeQuery) {
  const offset = pageOffset(q.page, q.pageSize);
  if (offset === null) return { ids: [], total: await lexemeCount(one) };
  const rows = await catalogueDb.$queryRaw<{ id: number; total: number }[]>`
    SELECT m.id, count(*) OVER ()::int AS total FROM (${lexemeMatches(one)}) m
    ORDER BY m.rank DESC, m.id ASC LIMIT ${q.pageSize}::int OFFSET ${offset}::bigint`;
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
  return { ids: [], total: q.page === 1 ? 0 : await lexemeCount(one) };
}

function lexemeRange({ word, prefix }: { word: string; prefix: boolean }) {
  return prefix ? sql`l."lexeme" >= ${word}::text AND l."lexeme" < ${word}::text || chr(1114111)` : sql`l."lexeme" = ${word}::text`;
}

function lexemeMatches({ plain, other }: LexemeQuery) {
  if (plain.length === 1 && !other) {
    return sql`SELECT l."productId" AS id, sum(l."rank") AS rank FROM "ProductLexeme" l WHERE ${lexemeRange(plain[0]!)} GROUP BY l."productId"`;
  }
  const parts = plain.map((w) => sql`SELECT l."productId" AS id, l."rank" FROM "ProductLexeme" l WHERE ${lexemeRange(w)}`);
  if (other) parts.push(sql`SELECT p.id, ts_rank(p."searchDocument", ${tsQuery(other)}) FROM "Product" p WHERE p."searchDocument" @@ ${tsQuery(other)}`);
  return sql`SELECT u.id, sum(u.rank) AS rank FROM (${Prisma.join(parts, " UNION ALL ")}) u GROUP BY u.id`;
}

async function lexemeCount(one: LexemeQuery): Promise<number> {
  const [row] = await catalogueDb.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM (${lexemeMatches(one)}) m`;
  return row?.n ?? 0;
}

/** Which words the word table answers for, and the tsquery text of the rest (null: none). */
type LexemeQuery = { plain: { word: string; prefix: boolean }[]; other: string | null };

/** Kept whole by the text search parser: plain a–z and digits, but not a number in exponent form ("1e5x" is 1e5 then x). */
const plainWord = (word: string) => /^[a-z0-9]+$/.test(word) && !/^[0-9]+e[0-9]/.test(word);

/**
 * The one word (and its one-word synonyms) the word table can answer for, or
 * null. Only words the text search parser keeps whole as one lexeme: plain a–z
 * and digit words, and the synonym table's words it was asked about
 * (SearchTerm's `whole`: Bangla ones in a C-locale database). It may split a
 * word of other letters or marks (Bangla) into several, which only the
 * full-text query matches right. So may a number in exponent form followed by
 * more ("1e5x" is 1e5 then x). A synonym of another kind, or a phrase, is asked
 * of the full-text index beside it; a typed word of another kind sends the
 * whole search that way.
 */
function lexemeQuery(q: CatalogueQuery, terms: SearchTerm[], sort: SortKey | undefined): LexemeQuery | null {
  const options = q.options ?? NO_OPTIONS;
  if (terms.length !== 1 || q.categoryId || sort !== "relevance" || filterConditions(options).length > 0) return null;
  const { word, synonyms, whole } = terms[0]!;
  const keptWhole = (w: string) => plainWord(w) || Boolean(whole?.has(w));
  if (!keptWhole(word)) return null;
  const plain = [{ word, prefix: matchesAsPrefix(word) }];
  const others: string[][] = [];
  for (const words of synonyms) {
    if (words.length === 1 && keptWhole(words[0]!)) plain.push({ word: words[0]!, prefix: matchesAsPrefix(words[0]!) });
    else others.push(words);
  }
  return { plain, other: others.length ? others.map(phraseText).join(" | ") : null };
}

/**
 * Each misspelt word (one that is neither a known word nor the start of one)
 * replaced by the most similar word of the catalogue's names, brands and
 * categories (trigram similarity, GIN index), but only a close one: at most
 * 1 edit for a word of up to 4 letters, 2 up to 8, 3 beyond (Levenshtein,
 * counted for the trigram candidates only). "panjbi" becomes "panjabi";
 * "zzzznothing" becomes nothing, though it shares trigrams with "clothing".
 * A word of the synonym table is known too: "sari" means saree, never the
 * brand Sara. Null when nothing changes.
 */
export async function correctWords(words: string[], known: ReadonlySet<string> = new Set()): Promise<string[] | null> {
  const asked = words.filter((w) => !known.has(w));
  if (asked.length === 0) return null;
  const rows = await catalogueDb.$queryRaw<{ word: string; corrected: string | null }[]>`
    SELECT q.word, CASE
      WHEN length(q.word) < 3 OR EXISTS (SELECT 1 FROM "SearchWord" w WHERE w.word LIKE q.word || '%') THEN NULL
      ELSE (SELECT w.word FROM "SearchWord" w WHERE w.word % q.word
              AND levenshtein(w.word, q.word) <= CASE WHEN length(q.word) <= 4 THEN 1 WHEN length(q.word) <= 8 THEN 2 ELSE 3 END
            ORDER BY similarity(w.word, q.word) DESC, length(w.word), w.word LIMIT 1)
    END AS corrected
    FROM unnest(${asked}::text[]) WITH ORDINALITY AS q(word, i) ORDER BY q.i`;
  const fixed = new Map(rows.map((r) => [r.word, r.corrected ?? r.word]));
  const corrected = words.map((w) => fixed.get(w) ?? w);
  return corrected.some((w, i) => w !== words[i]) ? corrected : null;
}

/** The words that are in the synonym table: known words, never corrected. */
export function withSynonymsOnly(terms: SearchTerm[]): Set<string> {
  return new Set(terms.filter((t) => t.synonyms.length > 0).map((t) => t.word));
}

/**
 * The ids of one page of a list: the catalogue, a category, a search, with
 * the shopper's sort and filters. A search that finds less than a page also
 * looks for the typo-corrected words.
 */
export async function findCataloguePage(q: CatalogueQuery): Promise<CataloguePage> {
  const options = q.options ?? NO_OPTIONS;
  const hasKeyword = Boolean(q.keyword?.trim());
  const sort = effectiveSort(options.sort, hasKeyword);
  const done = (r: { ids: number[]; total: number }, correctedTo: string | null = null): CataloguePage => ({
    ids: r.ids,
    total: r.total,
    page: q.page,
    pages: pageCount(r.total, q.pageSize),
    correctedTo,
  });

  if (!hasKeyword) {
    const filtered = filterConditions(options).length > 0;
    return done(filtered ? await filteredPage(q, null, sort) : await unfilteredPage(q, sort));
  }
  // Synonyms change what a search finds: such pages go when the table changes (synonyms.server.ts).
  tagPage(["search"]);
  const words = searchWords(q.keyword);
  // Only punctuation: no word to look for, and LIKE-style wildcards mean nothing here.
  if (words.length === 0) return done({ ids: [], total: 0 });
  const terms = await searchTerms(words);
  const text = tsQueryText(terms);
  const one = lexemeQuery(q, terms, sort);
  const exact = one ? await lexemePage(q, one) : await filteredPage(q, textMatch(text, null), sort);
  if (exact.total >= q.pageSize) return done(exact);
  const corrected = await correctWords(words, withSynonymsOnly(terms));
  if (!corrected) return done(exact);
  const widened = await filteredPage(q, textMatch(text, tsQueryText(await searchTerms(corrected))), sort);
  return widened.total > exact.total ? done(widened, corrected.join(" ")) : done(exact);
}
