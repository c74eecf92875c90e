import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { allProductsMeta } from "~/components/catalogue/list-meta";
import { CatalogueErrorBoundary, pageSuffix } from "~/components/ProductListScreen";
import { loadProductList } from "~/utils/catalogue-list.server";
import { parsePageNumber } from "~/utils/paging";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadProductList(request, { basePath: "/", page: parsePageNumber(params.pageNumber) }));
}

export default function ProductsPage() {
  return <CatalogueList data={useLoaderData<typeof loader>()} heading="Latest Products" banner />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  allProductsMeta(
    data,
    `All products${pageSuffix(data?.page ?? 1)} — TanaBana`,
    "Browse panjabi, saree, kurti, jeans and more at TanaBana. Cash on delivery.",
  );

export { CatalogueErrorBoundary as ErrorBoundary };
