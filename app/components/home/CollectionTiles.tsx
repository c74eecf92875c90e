import { Link } from "@remix-run/react";

import { useFormat, useLocalePath, useT } from "~/i18n/hooks";
import type { CollectionTile } from "~/models/catalogue/merchandising.server";

import { ProductImage } from "../product/ProductImage";

/** One picture tile per category: the quickest way into the catalogue on a phone. */
export function CollectionTiles({ tiles }: { tiles: CollectionTile[] }) {
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="collections-heading" className="mb-10">
      <h2 id="collections-heading" className="mb-4 text-xl font-semibold sm:text-2xl">
        {t("catalogue.tiles.heading")}
      </h2>
      {/* A swipeable row on a phone (no orphan tile, little height); one even row on a wide screen. */}
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 lg:mx-0 lg:grid lg:grid-flow-col lg:auto-cols-fr lg:overflow-visible lg:px-0">
        {tiles.map((tile) => (
          <li key={tile.id} className="w-36 flex-none snap-start sm:w-44 lg:w-auto">
            <Link to={lp(`/category/${tile.id}`)} className="group relative block overflow-hidden rounded-lg bg-stone-100">
              <ProductImage
                url={tile.image}
                alt=""
                sizes="(min-width: 1024px) 14vw, 176px"
                className="aspect-square w-full object-cover transition duration-300 group-hover:scale-105"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-stone-950/80 to-transparent px-3 pb-2 pt-8 text-white">
                <span className="block font-semibold">{tile.name}</span>
                <span className="block text-xs text-stone-200">{t("catalogue.tiles.count", { count: tile.count, n: fmt.integer(tile.count) })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
