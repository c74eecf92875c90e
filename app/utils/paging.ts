// Paging shared by every list: the storefront grids, the admin tables and the
// API. Pure, so the Pagination component can use it in the browser too.

/** Rows per page of the admin tables (products, orders, users). */
export const ADMIN_PAGE_SIZE = 20;

/** `pageNumber` missing, non-numeric or below 1 means 1 (docs/api.md). */
export function parsePageNumber(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** At least one page, even for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The row offset of `page`, or null when it is so large the offset does not
 * fit the database's 64-bit OFFSET: such a page is past the last one, and empty.
 */
export function pageOffset(page: number, pageSize: number): number | null {
  const skip = (page - 1) * pageSize;
  return Number.isSafeInteger(skip) ? skip : null;
}

/**
 * Which page links to show: the first, the last, and the current page with
 * `radius` neighbours each side; "gap" stands for the pages left out. Keeps a
 * 200-page list to a handful of links.
 */
export function pageWindow(page: number, pages: number, radius = 2): (number | "gap")[] {
  const shown = new Set<number>([1, pages]);
  for (let n = page - radius; n <= page + radius; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((n, i) => {
    const prev = sorted[i - 1];
    // A gap of exactly one page shows that page instead of an ellipsis.
    if (prev !== undefined && n - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && n - prev > 2) out.push("gap");
    out.push(n);
  });
  return out;
}

/**
 * Runs a list's count and its page query side by side; a page past what the
 * database can skip is empty without asking it.
 */
export async function fetchPage<T>(
  page: number,
  pageSize: number,
  count: () => Promise<number>,
  rows: (window: { skip: number; take: number }) => Promise<T[]>,
): Promise<{ items: T[]; page: number; pages: number; total: number }> {
  const skip = pageOffset(page, pageSize);
  const [total, items] = await Promise.all([count(), skip === null ? [] : rows({ skip, take: pageSize })]);
  return { items, page, pages: pageCount(total, pageSize), total };
}
