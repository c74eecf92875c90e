import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { formattersFor } from "~/i18n/format";
import { useLocalePath, useT } from "~/i18n/hooks";
import { tFor } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import type { ProductCardDTO } from "~/models/catalogue/product-card";

import { ListCount } from "./ListCount";
import { Pagination } from "./Pagination";
import { ProductGrid } from "../product/ProductCard";

/**
 * The one product-list screen behind /, /page/n, /search/… and /category/…:
 * an optional cover banner (only when no keyword is set), a heading, the grid
 * and page links that keep the list's own URLs.
 */
export function ProductListScreen({
  products,
  page,
  pages,
  total,
  heading,
  pageHref,
  banner = false,
  backLink = false,
  belowFold = false,
  toolbar = null,
  empty = null,
}: {
  products: ProductCardDTO[];
  page: number;
  pages: number;
  total: number;
  heading: ReactNode;
  pageHref: (n: number) => string;
  banner?: boolean;
  backLink?: boolean;
  /** The list starts under other sections (the home page's): its pictures wait until they near the screen. */
  belowFold?: boolean;
  /** Sort, filters and notes between the heading and the grid. */
  toolbar?: ReactNode;
  /** What an empty list shows instead of "No products found" (a search's way on: NoResults). */
  empty?: ReactNode;
}) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <>
      {banner ? <CoverBanner /> : null}
      {backLink ? (
        <Link to={lp("/")} className="btn-secondary mb-4">
          {t("catalogue.list.back")}
        </Link>
      ) : null}
      <h1 className="mb-1 text-xl font-semibold sm:text-2xl">{heading}</h1>
      <ListCount page={page} pages={pages} total={total} shown={products.length} />
      {toolbar}
      {products.length > 0 ? (
        <section id="results" aria-labelledby="results-heading" className="scroll-mt-4">
          {/* The cards' h3 titles need an h2 between them and the page's h1 (axe heading-order, issue 41 item 5). */}
          <h2 id="results-heading" className="sr-only">
            {t("catalogue.list.productsHeading")}
          </h2>
          <ProductGrid products={products} belowFold={belowFold} />
        </section>
      ) : empty ? (
        empty
      ) : (
        <p className="rounded-md border border-stone-200 bg-white px-4 py-10 text-center text-stone-600">
          {t("catalogue.list.empty")}{" "}
          <Link to={lp("/")} className="font-semibold text-brand-700 hover:underline">
            {t("catalogue.list.seeAll")}
          </Link>
        </p>
      )}
      <Pagination page={page} pages={pages} href={pageHref} />
    </>
  );
}

function CoverBanner() {
  const t = useT();
  return (
    <section className="mb-8 overflow-hidden rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-10 text-white sm:px-10">
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-300">{t("catalogue.list.banner.kicker")}</p>
      <p className="mt-2 text-3xl font-semibold sm:text-4xl">{t("catalogue.list.banner.title")}</p>
      <p className="mt-3 max-w-xl text-brand-50">{t("catalogue.list.banner.text")}</p>
    </section>
  );
}

/** " — page 2" for titles of later pages, nothing for the first. */
export function pageSuffix(lang: Lang, page: number) {
  return page > 1 ? tFor(lang)("catalogue.list.pageSuffix", { page: formattersFor(lang).integer(page) }) : "";
}
