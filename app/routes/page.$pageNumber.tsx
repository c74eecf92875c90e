import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueErrorBoundary, pageSuffix, ProductListScreen } from "~/components/ProductListScreen";
import { listProducts } from "~/models/product.server";
import { parsePageNumber } from "~/utils/paging";

export async function loader({ params }: LoaderFunctionArgs) {
  return json(await listProducts({ page: parsePageNumber(params.pageNumber) }));
}

export default function ProductsPage() {
  const data = useLoaderData<typeof loader>();
  return <ProductListScreen {...data} heading="Latest Products" pageHref={(n) => `/page/${n}`} banner />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `All products${pageSuffix(data?.page ?? 1)} — TanaBana` },
  { name: "description", content: "Browse panjabi, saree, kurti, jeans and more at TanaBana. Cash on delivery." },
];

export { CatalogueErrorBoundary as ErrorBoundary };
