import type { Prisma } from "@prisma/client";

import { catalogueDb } from "~/models/platform/index.server";

import { COUNT_TTL_MS, refreshedCache } from "./refreshed-cache.server";

// A filtered list's total (a category by colour, size, brand…) without
// counting every match on every render (decision 114). Counting a colour of
// a category of 14k products at 100k took 0.2-0.6 s; its page of ids, under 1 ms.
// So the ids are read live, and the total comes from a cache refreshed in the
// background like the facets': it may lag by seconds, never where the page
// itself shows the truth (bounds below).

const totals = refreshedCache<number>(COUNT_TTL_MS, 500);

type Page = { ids: number[]; total: number };

/**
 * One page of `from` (FROM … WHERE …) in `order`, with its total. The ids are
 * read live, one more than a page (so the page knows whether another
 * follows); the total is the kept one (counted on the first render of this
 * filter set), bounded by what the page shows: a last page's total is exact,
 * and a full page has at least one more product after it.
 */
export async function pageWithKeptTotal(from: Prisma.Sql, order: Prisma.Sql, pageSize: number, offset: number): Promise<Page> {
  const key = JSON.stringify([from.sql, from.values]);
  const count = async () => {
    const [row] = await catalogueDb.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n ${from}`;
    return row?.n ?? 0;
  };
  const [rows, known] = await Promise.all([
    catalogueDb.$queryRaw<{ id: number }[]>`SELECT p.id ${from} ${order} LIMIT ${pageSize + 1}::int OFFSET ${offset}::bigint`,
    totals.get(key, count),
  ]);
  const ids = rows.slice(0, pageSize).map((r) => r.id);
  if (rows.length > pageSize) return { ids, total: Math.max(known, offset + pageSize + 1) };
  if (ids.length > 0 || offset === 0) return { ids, total: offset + ids.length };
  return { ids, total: Math.min(known, offset) };
}
