/**
 * "Showing 9–16 of 52 products · page 2 of 7" under a list's heading. The
 * first shown is worked out from the page alone: every page but the last is
 * full, and the last one ends at the total.
 */
export function ListCount({ page, pages, total, shown }: { page: number; pages: number; total: number; shown: number }) {
  if (total === 0 || shown === 0) return null;
  const first = page < pages ? (page - 1) * shown + 1 : total - shown + 1;
  const last = first + shown - 1;
  return (
    <p className="mb-4 text-sm text-stone-600" data-testid="list-count">
      Showing {first === last ? first : `${first}–${last}`} of {total} {total === 1 ? "product" : "products"}
      {pages > 1 ? (
        <span>
          {" "}
          · page {page} of {pages}
        </span>
      ) : null}
    </p>
  );
}
