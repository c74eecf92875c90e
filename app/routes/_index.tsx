import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { CatalogueList } from "~/components/catalogue/CatalogueList";
import { allProductsMeta } from "~/components/catalogue/list-meta";
import { CollectionTiles } from "~/components/home/CollectionTiles";
import { Hero } from "~/components/home/Hero";
import { ProductRow } from "~/components/home/ProductRow";
import { CatalogueErrorBoundary } from "~/components/ProductListScreen";
import { collectionTiles, topRatedCards } from "~/models/catalogue/merchandising.server";
import { loadProductList } from "~/utils/catalogue-list.server";
import { errorTitle } from "~/utils/error-title";
import { addStructuredData, organizationJsonLd } from "~/utils/structured-data.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Besides the list: one query for the category tiles, one for the top-rated row.
  const [list, tiles, topRated] = await Promise.all([
    loadProductList(request, { basePath: "/", page: 1 }),
    collectionTiles(),
    topRatedCards(4),
  ]);
  addStructuredData(context, organizationJsonLd(new URL(request.url).origin));
  return json({ ...list, tiles, topRated });
}

const named = <T extends { name: string }>(tiles: T[], word: string) => tiles.find((t) => t.name.toLowerCase().includes(word));

export default function Home() {
  const { tiles, topRated, ...list } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero panjabi={named(tiles, "panjabi")} saree={named(tiles, "saree")} />
      <CollectionTiles tiles={tiles} />
      <ProductRow
        id="top-rated-heading"
        title="Top rated"
        products={topRated}
        action={
          <Link to="/page/1" className="text-sm font-medium text-brand-700 hover:underline">
            See all products
          </Link>
        }
      />
      <CatalogueList data={list} heading="Latest Products" />
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
