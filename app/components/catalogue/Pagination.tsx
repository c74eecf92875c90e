import { Link } from "@remix-run/react";

import { useFormat, useT } from "~/i18n/hooks";
import { pageWindow } from "~/utils/paging";

const linkClass = "block min-w-9 rounded-md border px-3 py-1.5 text-center text-sm";

/**
 * Page links; `href(n)` builds each page's URL so every list keeps its own
 * routes. Long lists show the first, the last and the pages around the current
 * one, with Previous and Next.
 */
export function Pagination({ page, pages, href }: { page: number; pages: number; href: (n: number) => string }) {
  const t = useT();
  const fmt = useFormat();
  if (pages <= 1) return null;
  const items = pageWindow(page, pages);
  return (
    <nav aria-label={t("catalogue.pagination.label")} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        {page > 1 && page <= pages ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={`${linkClass} border-stone-300 bg-white hover:bg-stone-100`}>
              <span aria-hidden="true">‹</span>
              <span className="sr-only">{t("catalogue.pagination.previous")}</span>
            </Link>
          </li>
        ) : null}
        {items.map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={t("catalogue.pagination.page", { n: fmt.integer(n) })}
                className={`${linkClass} ${n === page ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"}`}
              >
                {fmt.integer(n)}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={`${linkClass} border-stone-300 bg-white hover:bg-stone-100`}>
              <span aria-hidden="true">›</span>
              <span className="sr-only">{t("catalogue.pagination.next")}</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
