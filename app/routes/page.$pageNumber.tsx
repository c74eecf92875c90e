import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { listMeta } from "~/web/list-meta";
import { pageSuffix } from "~/components/catalogue/ProductListScreen";
import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { useT } from "~/i18n/hooks";
import { tFor } from "~/i18n/instance";
import { langFromPath } from "~/i18n/languages";
import { loadProductList } from "~/web/catalogue-list.server";
import { parsePageNumber } from "~/utils/paging";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadProductList(request, { basePath: "/", page: parsePageNumber(params.pageNumber) }));
}

export default function ProductsPage() {
  const t = useT();
  return <CatalogueList data={useLoaderData<typeof loader>()} heading={t("catalogue.home.heading")} banner />;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const lang = langFromPath(location.pathname);
  const t = tFor(lang);
  return listMeta(data, {
    title: t("catalogue.all.meta.title", { suffix: pageSuffix(lang, data?.page ?? 1) }),
    description: t("catalogue.all.meta.description"),
  });
};

export { CatalogueErrorBoundary as ErrorBoundary };
