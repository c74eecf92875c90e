import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";

import { ProductListScreen } from "~/components/catalogue/ProductListScreen";
import type { ProductListData } from "~/web/catalogue-list.server";
import { listHref } from "~/utils/list-url";

import { FilterChips } from "./FilterChips";
import { FilterPanel } from "./FilterPanel";
import { SortForm } from "./SortForm";

/**
 * A product list with its sort and filters; paging keeps them all in the URL.
 * A search brings its own typo note and no-results help (NoResults.tsx) as
 * `note` and `empty`, so the other lists do not ship that code.
 */
export function CatalogueList({
  data,
  heading,
  banner,
  backLink,
  belowFold,
  note = null,
  empty = null,
}: {
  data: SerializeFrom<ProductListData>;
  heading: ReactNode;
  banner?: boolean;
  backLink?: boolean;
  /** Under the home page's hero and rows: no card of it is drawn before it nears the screen. */
  belowFold?: boolean;
  /** Above the sort and filters: a search's "Showing results for …". */
  note?: ReactNode;
  /** Instead of "No products found" when the list is empty. */
  empty?: ReactNode;
}) {
  const { basePath, options } = data;
  const toolbar = (
    <div className="mb-4 flex flex-col gap-3">
      {note}
      {/* The count is ListCount's line under the heading ("Showing 1–8 of 52 products"). */}
      {/* Nothing to sort or narrow on the empty state; the chips below still undo any filter. */}
      {data.total > 0 ? (
        <div className="flex flex-wrap items-center justify-end gap-3">
          <div className="flex w-full flex-wrap items-start gap-2 sm:w-auto">
            <SortForm basePath={basePath} options={options} sort={data.sort} searching={data.searching} />
            <FilterPanel basePath={basePath} options={options} facets={data.facets} />
          </div>
        </div>
      ) : null}
      <FilterChips basePath={basePath} options={options} colors={data.facets.colors} />
    </div>
  );
  return (
    <ProductListScreen
      products={data.products}
      total={data.total}
      page={data.page}
      pages={data.pages}
      heading={heading}
      pageHref={(n) => listHref(basePath, n, options)}
      banner={banner}
      // Nothing found: the help below offers the ways on, not a bare "Go Back".
      backLink={backLink && !data.noResults}
      belowFold={belowFold}
      toolbar={toolbar}
      empty={empty}
    />
  );
}
