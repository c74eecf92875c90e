// Keyword matching shared by the product search and the admin user search.

/**
 * Escapes LIKE wildcards so a keyword is matched literally ("50%" finds "50%",
 * not everything). Needed because Prisma's `contains` passes its operand to
 * ILIKE unescaped (prisma/prisma#19506); PostgreSQL's default escape is `\`.
 */
export function escapeLike(keyword: string): string {
  return keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A search term ready for `contains`, or null when there is nothing to search
 * for. PostgreSQL text cannot hold NUL (a query with one fails), and no stored
 * text contains it, so it is dropped.
 */
export function likeTerm(keyword: string | null | undefined): string | null {
  const kw = keyword?.replaceAll("\u0000", "").trim();
  return kw ? escapeLike(kw) : null;
}
