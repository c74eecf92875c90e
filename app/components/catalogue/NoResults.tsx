import { Link } from "@remix-run/react";
import { Trans } from "~/i18n/Trans";

import { useLocalePath, useT } from "~/i18n/hooks";
import type { ProductCardDTO } from "~/models/catalogue/product-card";
import { hasFilters, type ListOptions } from "~/utils/list-options";
import { listHref } from "~/utils/list-url";

import { ProductRow } from "../home/ProductRow";
import { CategoryChips, SearchAgain, useRootCategories } from "../layout/NotFound";

/** A search whose typos were corrected says what it searched for instead. */
export function CorrectedTo({ term }: { term: string }) {
  return (
    <p role="status" className="text-stone-700">
      {/* Trans fills the term in after reading the markup: one holding "<" shows as typed. */}
      <Trans i18nKey="catalogue.search.correctedTo" values={{ term }} components={{ b: <strong className="font-semibold" /> }} />
    </p>
  );
}

/**
 * A search that found nothing (issue 28 item 23): what the 404 page offers (the
 * search box, with the term to mend, the categories, popular products) and,
 * where other words would find something, "Did you mean …", keeping the
 * list's filters. All plain links and a GET form: the same without JavaScript.
 */
export function NoResults({
  keyword,
  didYouMean,
  popular,
  options,
}: {
  keyword: string;
  didYouMean: string | null;
  popular: ProductCardDTO[];
  options: ListOptions;
}) {
  const t = useT();
  const lp = useLocalePath();
  const categories = useRootCategories();
  return (
    <div data-testid="no-results">
      <section aria-labelledby="no-results-title" className="card mx-auto mb-10 max-w-2xl p-6 text-center sm:p-8">
        <h2 id="no-results-title" className="break-words text-xl font-semibold">
          {t("catalogue.noResults.title", { keyword })}
        </h2>
        {didYouMean ? (
          <p className="mt-3 text-lg" data-testid="did-you-mean">
            {/* Trans fills the term in after reading the markup: one holding "<" shows as typed. */}
            <Trans
              i18nKey="catalogue.noResults.didYouMean"
              values={{ term: didYouMean }}
              components={{
                a: (
                  <Link
                    to={listHref(lp(`/search/${encodeURIComponent(didYouMean)}`), 1, options)}
                    className="font-semibold text-brand-700 underline hover:text-brand-800"
                  />
                ),
              }}
            />
          </p>
        ) : null}
        <p className="mt-2 text-stone-700">{t("catalogue.noResults.text")}</p>
        {hasFilters(options) ? <p className="mt-2 text-sm text-stone-600">{t("catalogue.noResults.filters")}</p> : null}
        <SearchAgain id="no-results-search" term={keyword} />
        <CategoryChips categories={categories} />
      </section>
      <ProductRow id="no-results-products" title={t("catalogue.notFound.popular")} products={popular} />
    </div>
  );
}
