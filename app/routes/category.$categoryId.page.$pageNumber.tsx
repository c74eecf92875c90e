import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueErrorBoundary, categoryMeta, ProductListScreen } from "~/components/ProductListScreen";
import { listCategoryProducts } from "~/models/product.server";
import { orNotFoundPage, pageParamId } from "~/utils/page.server";
import { parsePageNumber } from "~/utils/paging";

export async function loader({ params }: LoaderFunctionArgs) {
  const id = pageParamId(params.categoryId);
  return json(await orNotFoundPage(listCategoryProducts(id, parsePageNumber(params.pageNumber))));
}

export default function CategoryPageN() {
  const { category, ...data } = useLoaderData<typeof loader>();
  return <ProductListScreen {...data} heading={category.name} pageHref={(n) => `/category/${category.id}/page/${n}`} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => categoryMeta(data?.category.name, data?.page ?? 1);

export { CatalogueErrorBoundary as ErrorBoundary };
