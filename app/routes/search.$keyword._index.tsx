import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueErrorBoundary, SearchResultsScreen, searchMeta } from "~/components/ProductListScreen";
import { listProducts } from "~/models/product.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const keyword = params.keyword ?? "";
  return json({ keyword, ...(await listProducts({ keyword, page: 1 })) });
}

export default function SearchResults() {
  return <SearchResultsScreen {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => searchMeta(data?.keyword ?? "", 1);

export { CatalogueErrorBoundary as ErrorBoundary };
