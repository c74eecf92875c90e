import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { allProductsMeta } from "~/components/catalogue/list-meta";
import { ProductJsonLd } from "~/components/product/ProductJsonLd";
import { CatalogueErrorBoundary } from "~/components/ProductListScreen";
import { loadProductList } from "~/utils/catalogue-list.server";
import { organizationJsonLd } from "~/utils/seo";
import { errorTitle } from "~/utils/error-title";

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadProductList(request, { basePath: "/", page: 1 }));
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <ProductJsonLd data={organizationJsonLd(data.origin)} />
      <CatalogueList data={data} heading="Latest Products" banner />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error
    ? [{ title: errorTitle(error) }]
    : allProductsMeta(
        data,
        "TanaBana — clothing for every day and every Eid",
        "Panjabi, saree, kurti, jeans and more from Bangladeshi makers, delivered with cash on delivery.",
      );

export { CatalogueErrorBoundary as ErrorBoundary };
