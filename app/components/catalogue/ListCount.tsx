import { useFormat, useT } from "~/i18n/hooks";

/**
 * "Showing 9–16 of 52 products · page 2 of 7" under a list's heading. The
 * first shown is worked out from the page alone: every page but the last is
 * full, and the last one ends at the total.
 */
export function ListCount({ page, pages, total, shown }: { page: number; pages: number; total: number; shown: number }) {
  const t = useT();
  const fmt = useFormat();
  if (total === 0 || shown === 0) return null;
  const first = page < pages ? (page - 1) * shown + 1 : total - shown + 1;
  const last = first + shown - 1;
  const range = first === last ? fmt.integer(first) : `${fmt.integer(first)}–${fmt.integer(last)}`;
  return (
    <p className="mb-4 text-sm text-stone-600" data-testid="list-count">
      {t("catalogue.list.count", { count: total, total: fmt.integer(total), range })}
      {pages > 1 ? <span> {t("catalogue.list.countPage", { page: fmt.integer(page), pages: fmt.integer(pages) })}</span> : null}
    </p>
  );
}
