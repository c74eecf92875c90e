import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { listMeta } from "~/web/list-meta";
import { CollectionTiles } from "~/components/home/CollectionTiles";
import { Hero } from "~/components/home/Hero";
import { ProductRow } from "~/components/home/ProductRow";
import { CatalogueErrorBoundary } from "~/components/layout/NotFound";
import { useLocalePath, useT } from "~/i18n/hooks";
import { tFor } from "~/i18n/instance";
import { langFromPath } from "~/i18n/languages";
import { langOf } from "~/i18n/i18n.server";
import { homeTiles, topRatedCards } from "~/models/catalogue/merchandising.server";
import { loadProductList } from "~/web/catalogue-list.server";
import { errorTitle } from "~/web/error-title";
import { addStructuredData, organizationJsonLd } from "~/web/structured-data.server";
import { publicOrigin } from "~/models/platform/shop-url.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Besides the list: one query for the category tiles, one for the top-rated row.
  const lang = langOf(request);
  const [list, { tiles, windowIds }, topRated] = await Promise.all([
    loadProductList(request, { basePath: "/", page: 1 }),
    homeTiles(lang),
    topRatedCards(4, lang),
  ]);
  addStructuredData(context, organizationJsonLd(publicOrigin(request)));
  return json({ ...list, tiles, windowIds, topRated });
}

export default function Home() {
  const { tiles, windowIds, topRated, ...list } = useLoaderData<typeof loader>();
  const tile = (id: number | null) => tiles.find((candidate) => candidate.id === id);
  const t = useT();
  const lp = useLocalePath();
  return (
    <>
      <Hero panjabi={tile(windowIds.panjabi)} saree={tile(windowIds.saree)} />
      <CollectionTiles tiles={tiles} />
      <ProductRow
        id="top-rated-heading"
        title={t("catalogue.home.topRated")}
        products={topRated}
        action={
          <Link to={lp("/page/1")} className="text-sm font-semibold text-brand-700 hover:underline">
            {t("catalogue.home.seeAll")}
          </Link>
        }
      />
      <CatalogueList data={list} heading={t("catalogue.home.heading")} belowFold />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error, location }) => {
  const t = tFor(langFromPath(location.pathname));
  return error
    ? [{ title: errorTitle(error, t) }]
    : listMeta(data, { title: t("catalogue.home.meta.title"), description: t("catalogue.home.meta.description") });
};

export { CatalogueErrorBoundary as ErrorBoundary };
