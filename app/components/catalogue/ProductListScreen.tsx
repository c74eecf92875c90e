import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import { formattersFor } from "~/i18n/format";
import { useFormat, useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { tFor } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import type { ProductCardDTO } from "~/models/catalogue/product-card";

import { ListCount } from "./ListCount";
import { NotFoundPage } from "../layout/NotFound";
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
        <div id="results" className="scroll-mt-4">
          <ProductGrid products={products} />
        </div>
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
      <p className="mt-2 text-3xl font-bold sm:text-4xl">{t("catalogue.list.banner.title")}</p>
      <p className="mt-3 max-w-xl text-brand-50">{t("catalogue.list.banner.text")}</p>
    </section>
  );
}

/** " — page 2" for titles of later pages, nothing for the first. */
export function pageSuffix(lang: Lang, page: number) {
  return page > 1 ? tFor(lang)("catalogue.list.pageSuffix", { page: formattersFor(lang).integer(page) }) : "";
}

/** Catalogue pages' error screen inside the normal layout: a 404 is the shop's not-found page (search, categories, products). */
export function CatalogueErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  const msg = useMessage();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A database outage (503) or a refused request (415) carries its own message: say that.
  const said = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error : null;
  if (!notFound && !said) console.error(error);
  if (notFound) return <NotFoundPage error={error} />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="text-5xl font-bold text-brand-600">{said ? fmt.integer(said.status) : t("catalogue.error.oops")}</p>
      <h1 className="text-2xl font-semibold">{said ? msg(said.data) : t("catalogue.error.message")}</h1>
      <Link to={lp("/")} className="btn-primary">
        {t("catalogue.error.back")}
      </Link>
    </div>
  );
}
