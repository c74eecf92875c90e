import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueErrorBoundary, categoryMeta, ProductListScreen } from "~/components/ProductListScreen";
import { listCategoryProducts } from "~/models/product.server";
import { orNotFoundPage, pageParamId } from "~/utils/page.server";

// Named _index so /category/{id}/page/{n} is a sibling, not a child, of this page.
export async function loader({ params }: LoaderFunctionArgs) {
  return json(await orNotFoundPage(listCategoryProducts(pageParamId(params.categoryId), 1)));
}

export default function CategoryPage() {
  const { category, ...data } = useLoaderData<typeof loader>();
  return <ProductListScreen {...data} heading={category.name} pageHref={(n) => `/category/${category.id}/page/${n}`} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => categoryMeta(data?.category.name, 1);

export { CatalogueErrorBoundary as ErrorBoundary };
