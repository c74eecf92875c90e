import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { CollectionTiles } from "~/components/home/CollectionTiles";
import { Hero } from "~/components/home/Hero";
import { ProductRow } from "~/components/home/ProductRow";
import { CatalogueErrorBoundary, ProductListScreen } from "~/components/ProductListScreen";
import { collectionTiles, topRatedCards } from "~/models/merchandising.server";
import { listProducts } from "~/models/product.server";

export async function loader() {
  // Besides the list: one query for the category tiles, one for the top-rated row.
  const [list, tiles, topRated] = await Promise.all([listProducts({ page: 1 }), collectionTiles(), topRatedCards(4)]);
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
      <ProductListScreen {...list} heading="Latest Products" pageHref={(n) => `/page/${n}`} />
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: "TanaBana — clothing for every day and every Eid" },
  { name: "description", content: "Panjabi, saree, kurti, jeans and more from Bangladeshi makers, delivered with cash on delivery." },
];

export { CatalogueErrorBoundary as ErrorBoundary };
