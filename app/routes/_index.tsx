import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueErrorBoundary, ProductListScreen } from "~/components/ProductListScreen";
import { listProducts } from "~/models/product.server";

export async function loader() {
  return json(await listProducts({ page: 1 }));
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return <ProductListScreen {...data} heading="Latest Products" pageHref={(n) => `/page/${n}`} banner />;
}

export const meta: MetaFunction = () => [
  { title: "TanaBana — clothing for every day and every Eid" },
  { name: "description", content: "Panjabi, saree, kurti, jeans and more from Bangladeshi makers, delivered with cash on delivery." },
];

export { CatalogueErrorBoundary as ErrorBoundary };
