import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { searchMeta } from "~/web/list-meta";
import { CatalogueErrorBoundary } from "~/components/catalogue/ProductListScreen";
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
  return <CatalogueList data={data} heading={t("catalogue.search.heading", { keyword: data.keyword })} keyword={data.keyword} backLink />;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => searchMeta(langFromPath(location.pathname), data?.keyword ?? "", data);

export { CatalogueErrorBoundary as ErrorBoundary };
