import { Link } from "@remix-run/react";

/** Page links; `href(n)` builds each page's URL so every list keeps its own routes. */
export function Pagination({ page, pages, href }: { page: number; pages: number; href: (n: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap gap-1">
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              aria-current={n === page ? "page" : undefined}
              className={`block min-w-9 rounded-md border px-3 py-1.5 text-center text-sm ${
                n === page ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"
              }`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
