import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { categoryMeta } from "~/web/list-meta";
import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { langFromPath } from "~/i18n/languages";
import { loadCategoryList } from "~/web/catalogue-list.server";
import { pageParamId } from "~/web/page.server";
import { parsePageNumber } from "~/utils/paging";

// Also /category/{id}/page/{n}: the same module, a second route (its `twin` in server/public-pages.js).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadCategoryList(request, pageParamId(params.categoryId), parsePageNumber(params.pageNumber)));
}

export default function CategoryPage() {
  const data = useLoaderData<typeof loader>();
  return <CatalogueList data={data} heading={data.category.name} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => categoryMeta(langFromPath(location.pathname), data?.category.name, data);

export { CatalogueErrorBoundary as ErrorBoundary };
