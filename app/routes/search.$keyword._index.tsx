import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { CorrectedTo, NoResults } from "~/components/catalogue/NoResults";
import { searchMeta } from "~/web/list-meta";
import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { useT } from "~/i18n/hooks";
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

export const meta: MetaFunction<typeof loader> = ({ data, location }) => searchMeta(langFromPath(location.pathname), data?.keyword ?? "", data);

export { CatalogueErrorBoundary as ErrorBoundary };
