import { Link } from "@remix-run/react";

import { useLocalePath, useT } from "~/i18n/hooks";
import type { CardColour, ProductCardDTO } from "~/models/catalogue/product-card";

import { Price } from "./Price";
import { ProductImage } from "./ProductImage";
import { Rating } from "./Rating";

export function ProductCard({ product, eager }: { product: ProductCardDTO; eager?: boolean }) {
  const t = useT();
  const href = useLocalePath()(`/product/${product.id}`);
  return (
    // An eager card may be the largest paint: drawn at once. The others wait until they near the screen.
    <article className={`card group flex h-full flex-col overflow-hidden${eager ? "" : " render-later"}`}>
      {/* The picture repeats the title's link: hidden from screen readers and the Tab order, so each card is one stop. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block aspect-[4/5] overflow-hidden bg-stone-50">
        <ProductImage
          url={product.image}
          alt={product.name}
          eager={eager}
          // The whole garment, never cropped: portrait (4:5) photos fill the frame, other shapes are letterboxed.
          className="h-full w-full object-contain transition duration-300 group-hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 min-h-10 text-sm font-semibold leading-5">
          <Link to={href} className="hover:text-brand-600 hover:underline">
            {product.name}
          </Link>
        </h3>
        <Rating value={product.rating} count={product.numReviews} compact />
        <div className="mt-auto">
          <Price price={product.price} originalPrice={product.originalPrice} discountPercentage={product.discountPercentage} />
          <CardSwatches colours={product.colors} />
          {product.countInStock === 0 ? <p className="mt-1 text-xs font-semibold text-red-700">{t("catalogue.card.outOfStock")}</p> : null}
        </div>
      </div>
    </article>
  );
}

/** The colours as small dots, each named for screen readers and on hover; never the colour alone. */
function CardSwatches({ colours }: { colours?: CardColour[] }) {
  const t = useT();
  const bn = useLocalePath()("/") !== "/";
  if (!colours?.length) return null;
  return (
    <ul aria-label={t("colour.available")} className="mt-1.5 flex flex-wrap gap-1.5">
      {colours.map((c) => {
        const name = (bn && c.nameBn) || c.name;
        const label = c.soldOut ? t("colour.soldOut", { name }) : name;
        return (
          <li key={c.name} title={label} data-sold-out={c.soldOut ? "" : undefined} className="relative">
            {/* Sold out: dimmed and struck through, so it reads without colour vision and beside a light swatch. */}
            <span
              aria-hidden="true"
              className={`block h-3.5 w-3.5 rounded-full border border-stone-400${c.soldOut ? " opacity-40" : ""}`}
              style={{ backgroundColor: c.hex }}
            />
            {c.soldOut ? (
              <span aria-hidden="true" className="absolute left-1/2 top-1/2 h-[1.5px] w-[18px] -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-stone-800" />
            ) : null}
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The first row is drawn at once unless the grid starts `belowFold` (the home page's, under its hero and rows). */
export function ProductGrid({ products, belowFold = false }: { products: ProductCardDTO[]; belowFold?: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={!belowFold && i < 4} />
      ))}
    </div>
  );
}
