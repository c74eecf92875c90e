import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueErrorBoundary, SearchResultsScreen, searchMeta } from "~/components/ProductListScreen";
import { listProducts } from "~/models/product.server";
import { parsePageNumber } from "~/utils/paging";

export async function loader({ params }: LoaderFunctionArgs) {
  const keyword = params.keyword ?? "";
  return json({ keyword, ...(await listProducts({ keyword, page: parsePageNumber(params.pageNumber) })) });
}

export default function SearchResultsPage() {
  return <SearchResultsScreen {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => searchMeta(data?.keyword ?? "", data?.page ?? 1);

export { CatalogueErrorBoundary as ErrorBoundary };
