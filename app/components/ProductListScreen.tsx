import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import type { ProductCardDTO } from "~/models/catalogue/product-card";

import { ListCount } from "./ListCount";
import { NotFoundPage } from "./NotFound";
import { Pagination } from "./Pagination";
import { ProductGrid } from "./ProductCard";

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
}) {
  return (
    <>
      {banner ? <CoverBanner /> : null}
      {backLink ? (
        <Link to="/" className="btn-secondary mb-4">
          ← Go Back
        </Link>
      ) : null}
      <h1 className="mb-1 text-xl font-semibold sm:text-2xl">{heading}</h1>
      <ListCount page={page} pages={pages} total={total} shown={products.length} />
      {toolbar}
      {products.length > 0 ? (
        <div id="results" className="scroll-mt-4">
          <ProductGrid products={products} />
        </div>
      ) : (
        <p className="rounded-md border border-stone-200 bg-white px-4 py-10 text-center text-stone-600">
          No products found.{" "}
          <Link to="/" className="font-semibold text-brand-700 hover:underline">
            See all products
          </Link>
        </p>
      )}
      <Pagination page={page} pages={pages} href={pageHref} />
    </>
  );
}

function CoverBanner() {
  return (
    <section className="mb-8 overflow-hidden rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-10 text-white sm:px-10">
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-300">New season</p>
      <p className="mt-2 text-3xl font-bold sm:text-4xl">Dressed for every day and every Eid</p>
      <p className="mt-3 max-w-xl text-brand-50">
        Handpicked panjabi, saree, kurti and more. Cash on delivery anywhere in Bangladesh.
      </p>
    </section>
  );
}

/** " — page 2" for titles of later pages, nothing for the first. */
export function pageSuffix(page: number) {
  return page > 1 ? ` — page ${page}` : "";
}

/** Catalogue pages' error screen inside the normal layout: a 404 is the shop's not-found page (search, categories, products). */
export function CatalogueErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A database outage (503) or a refused request (415) carries its own message: say that.
  const said = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error : null;
  if (!notFound && !said) console.error(error);
  if (notFound) return <NotFoundPage error={error} />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="text-5xl font-bold text-brand-600">{said?.status ?? "Oops"}</p>
      <h1 className="text-2xl font-semibold">{said?.data ?? "Something went wrong. Please try again."}</h1>
      <Link to="/" className="btn-primary">
        Back to the shop
      </Link>
    </div>
  );
}
