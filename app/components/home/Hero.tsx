import { Link } from "@remix-run/react";

import { useLocalePath, useT } from "~/i18n/hooks";
import type { CollectionTile } from "~/models/catalogue/merchandising.server";

import { ProductImage } from "../product/ProductImage";

/** The shop window: a promise, two ways in (panjabi and saree) and their pictures. */
export function Hero({ panjabi, saree }: { panjabi?: CollectionTile; saree?: CollectionTile }) {
  const t = useT();
  const lp = useLocalePath();
  const pictures = [panjabi, saree].filter((tile): tile is CollectionTile => Boolean(tile));
  return (
    // The page's h1 stays the product list's heading below; this is the shop window.
    <section
      aria-label={t("catalogue.hero.label")}
      className="mb-10 grid items-center gap-6 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-600 to-brand-500 px-6 py-8 text-white sm:px-10 md:grid-cols-[1.2fr_1fr] md:py-12"
    >
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-300">{t("catalogue.hero.kicker")}</p>
        <p className="mt-2 text-3xl font-semibold leading-tight sm:text-5xl">{t("catalogue.hero.title")}</p>
        <p className="mt-3 max-w-xl text-brand-50">{t("catalogue.hero.text")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {panjabi ? (
            <Link to={lp(`/category/${panjabi.id}`)} className="btn bg-white px-5 py-3 text-brand-800 hover:bg-brand-50">
              {t("catalogue.hero.shopPanjabi")}
            </Link>
          ) : null}
          {saree ? (
            <Link to={lp(`/category/${saree.id}`)} className="btn border border-white/70 px-5 py-3 text-white hover:bg-white/10">
              {t("catalogue.hero.shopSaree")}
            </Link>
          ) : null}
        </div>
      </div>
      {pictures.length > 0 ? (
        <div className="grid grid-cols-2 gap-3">
          {pictures.map((tile, i) => (
            <ProductImage
              key={tile.id}
              url={tile.image}
              alt={tile.name}
              priority
              sizes="(min-width: 768px) 20vw, 45vw"
              className={`aspect-[4/5] w-full rounded-xl object-cover shadow-lg ring-1 ring-white/20 ${i === 1 ? "mt-8" : ""}`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
