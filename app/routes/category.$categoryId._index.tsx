import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { listMeta } from "~/web/list-meta";
import { pageSuffix } from "~/components/catalogue/ProductListScreen";
import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { tFor } from "~/i18n/instance";
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

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const lang = langFromPath(location.pathname);
  const t = tFor(lang);
  const name = data?.category.name;
  if (!name) return [{ title: t("catalogue.category.meta.notFound") }];
  return listMeta(data, {
    title: t("catalogue.category.meta.title", { name, suffix: pageSuffix(lang, data?.page ?? 1) }),
    description: t("catalogue.category.meta.description", { name }),
  });
};

export { CatalogueErrorBoundary as ErrorBoundary };
