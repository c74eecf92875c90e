import { Form, isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";

import { useFormat, useLocalePath, useMessage, useT } from "~/i18n/hooks";
import type { ProductCardDTO } from "~/models/catalogue/product-card";

import { ProductRow } from "../home/ProductRow";

/**
 * A 404 inside the shop: what happened, a search, the categories and a few
 * products to go on with, so a shopper who followed an old link (a product
 * since removed, a mistyped address) is not left at a dead end.
 */
export function NotFound({ categories, suggestions }: { categories: { id: number; name: string }[]; suggestions: ProductCardDTO[] }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <div className="mx-auto max-w-5xl">
      <section className="card mx-auto mb-10 max-w-2xl p-6 text-center sm:p-8">
        <p className="text-5xl font-semibold text-brand-600">{fmt.integer(404)}</p>
        <h1 className="mt-2 text-2xl font-semibold">{t("catalogue.notFound.title")}</h1>
        <p className="mt-2 text-stone-700">{t("catalogue.notFound.text")}</p>
        <SearchAgain id="not-found-search" />
        <CategoryChips categories={categories} />
      </section>
      <ProductRow id="not-found-products" title={t("catalogue.notFound.popular")} products={suggestions} />
    </div>
  );
}

/**
 * The search form of the 404 and no-results pages: a plain GET to /search, so
 * it works without JavaScript; `term` fills it with what was searched.
 */
export function SearchAgain({ id, term }: { id: string; term?: string }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Form method="get" action={lp("/search")} role="search" aria-label={t("catalogue.notFound.searchLabel")} className="mx-auto mt-5 flex max-w-md gap-2">
      <label htmlFor={id} className="sr-only">
        {t("catalogue.notFound.fieldLabel")}
      </label>
      <input id={id} type="search" name="keyword" defaultValue={term} placeholder={t("catalogue.notFound.placeholder")} className="input min-w-0 flex-1" />
      <button type="submit" className="btn-primary">
        {t("catalogue.notFound.submit")}
      </button>
    </Form>
  );
}

/** The shop's categories as links, to browse on from a dead end. */
export function CategoryChips({ categories }: { categories: { id: number; name: string }[] }) {
  const t = useT();
  const lp = useLocalePath();
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t("catalogue.notFound.categories")} className="mt-5">
      <ul className="flex flex-wrap justify-center gap-2">
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to={lp(`/category/${c.id}`)}
              className="inline-block rounded-full border border-stone-300 px-3 py-1 text-sm hover:border-brand-500 hover:text-brand-700"
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The root loader's categories (typed loosely: importing root.tsx's loader type here would make an import circle). */
export function useRootCategories(): { id: number; name: string }[] {
  const root = useRouteLoaderData("root") as { categories?: { id: number; name: string }[] } | undefined;
  return root?.categories ?? [];
}

/** The 404 page for a route's error: the categories from the root loader, the products the 404 carried (web/page.server.ts). */
export function NotFoundPage({ error }: { error: unknown }) {
  const categories = useRootCategories();
  const data = isRouteErrorResponse(error) ? (error.data as { suggestions?: ProductCardDTO[] } | string | null) : null;
  const suggestions = data && typeof data === "object" && Array.isArray(data.suggestions) ? data.suggestions : [];
  return <NotFound categories={categories} suggestions={suggestions} />;
}

/**
 * Catalogue pages' error screen inside the normal layout: a 404 is the shop's
 * not-found page (search, categories, products). It lives here, not beside the
 * list screen, so that the product and footer pages, which use it, do not load
 * the list's code.
 */
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
      <p className="text-5xl font-semibold text-brand-600">{said ? fmt.integer(said.status) : t("catalogue.error.oops")}</p>
      <h1 className="text-2xl font-semibold">{said ? msg(said.data) : t("catalogue.error.message")}</h1>
      <Link to={lp("/")} className="btn-primary">
        {t("catalogue.error.back")}
      </Link>
    </div>
  );
}
