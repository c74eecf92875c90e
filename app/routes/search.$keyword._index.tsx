import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { CorrectedTo, NoResults } from "~/components/catalogue/NoResults";
import { listMeta } from "~/web/list-meta";
import { pageSuffix } from "~/components/catalogue/ProductListScreen";
import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { useT } from "~/i18n/hooks";
import { tFor } from "~/i18n/instance";
import { langFromPath } from "~/i18n/languages";
import { parsePageNumber } from "~/utils/paging";
import { loadProductList } from "~/web/catalogue-list.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const keyword = params.keyword ?? "";
  const basePath = `/search/${encodeURIComponent(keyword)}`;
  return json({ keyword, ...(await loadProductList(request, { basePath, page: parsePageNumber(params.pageNumber), keyword })) });
}

export default function SearchResults() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <CatalogueList
      data={data}
      heading={t("catalogue.search.heading", { keyword: data.keyword })}
      backLink
      note={data.correctedTo ? <CorrectedTo term={data.correctedTo} /> : null}
      empty={data.noResults ? <NoResults keyword={data.keyword} options={data.options} {...data.noResults} /> : null}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const lang = langFromPath(location.pathname);
  const t = tFor(lang);
  const keyword = data?.keyword ?? "";
  return listMeta(data, {
    title: t("catalogue.search.meta.title", { keyword, suffix: pageSuffix(lang, data?.page ?? 1) }),
    description: t("catalogue.search.meta.description", { keyword }),
    // Result pages are endless variations of the catalogue: keep them out of search engines.
    robots: "noindex, follow",
  });
};

export { CatalogueErrorBoundary as ErrorBoundary };
