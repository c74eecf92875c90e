import { redirect } from "@remix-run/node";

import { langOf } from "~/i18n/i18n.server";
import { localePath } from "~/i18n/languages";
import { listFacets } from "~/models/catalogue/catalogue-facets.server";
import { getCategory } from "~/models/catalogue/category.server";
import { colourIdsToNames } from "~/models/catalogue/colour-filter.server";
import { topRatedCards, type ProductCardDTO } from "~/models/catalogue/merchandising.server";
import { asCardPage } from "~/models/catalogue/product-card";
import { effectiveSort } from "~/models/catalogue/catalogue-search.server";
import { searchProducts } from "~/models/catalogue/product.server";
import { didYouMean } from "~/models/catalogue/search-hint.server";
import { hasFilters, parseListOptionsLenient } from "~/schemas/catalogue";

import { listCanonical, listHref, withoutEmptyParams } from "~/utils/list-url";
import { orNotFoundPage } from "./page.server";
import { publicOrigin } from "~/models/platform/shop-url.server";

/**
 * What every product list page loads (home, /page/n, search, category): the
 * page of products, the counts for its filters, and the URLs it needs. The
 * sort and filters come from the query string, read leniently: a hand-edited
 * URL never ends in an error page. `basePath` is the English path: the list
 * gets it in the page's language, so its page links, forms and canonical stay
 * in that language.
 */
export async function loadProductList(
  request: Request,
  { basePath, page, keyword, categoryId }: { basePath: string; page: number; keyword?: string; categoryId?: number },
) {
  const url = new URL(request.url);
  const lang = langOf(request);
  const base = localePath(lang, basePath);
  const tidy = withoutEmptyParams(url);
  if (tidy) throw redirect(tidy);
  const options = parseListOptionsLenient(url.searchParams);
  const named = await colourIdsToNames(options.color ?? []);
  if (named) throw redirect(listHref(url.pathname, 1, { ...options, color: named }));
  const searching = Boolean(keyword?.trim());
  const [found, asTyped] = await Promise.all([searchProducts({ keyword, categoryId, options, page, lang }), listFacets({ keyword, categoryId, options })]);
  // Counts follow the list the shopper sees: recounted when typos were corrected.
  const facets = found.correctedTo ? await listFacets({ keyword, categoryId, options, correctedTo: found.correctedTo }) : asTyped;
  // A search that found nothing gets the 404 page's way on (issue 28 item 23): popular products (the
  // categories are the root's), and other words that would find something. Without them the page still answers.
  const nothingFound =
    searching && found.total === 0
      ? await Promise.all([didYouMean({ keyword: keyword!, categoryId, options }).catch(() => null), topRatedCards(4, lang).catch((): ProductCardDTO[] => [])])
      : null;
  const varied = hasFilters(options) || options.sort !== undefined;
  return {
    // Cards need a few fields: the rest of each product would only swell the hydration data.
    ...asCardPage(found),
    options,
    sort: effectiveSort(options.sort, searching) ?? "",
    searching,
    facets,
    noResults: nothingFound ? { didYouMean: nothingFound[0], popular: nothingFound[1] } : null,
    basePath: base,
    origin: publicOrigin(request),
    canonical: listCanonical(publicOrigin(request), base, page, varied),
  };
}

export type ProductListData = Awaited<ReturnType<typeof loadProductList>>;

/** A category's list; an unknown category is the 404 page. */
export async function loadCategoryList(request: Request, categoryId: number, page: number) {
  const [category, list] = await Promise.all([
    orNotFoundPage(getCategory(categoryId, langOf(request)), langOf(request)),
    loadProductList(request, { basePath: `/category/${categoryId}`, page, categoryId }),
  ]);
  return { category, ...list };
}
