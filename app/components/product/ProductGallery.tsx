import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";

import { useFormat, useT } from "~/i18n/hooks";

import { ProductImage } from "./ProductImage";

/**
 * Main picture and thumbnails. Thumbnails are links to `?image=N`, so they work
 * without JavaScript; with it, they switch the picture in place.
 */
export function ProductGallery({
  name,
  images,
  initialIndex,
  hrefFor,
}: {
  name: string;
  images: string[];
  initialIndex: number;
  hrefFor: (index: number) => string;
}) {
  const t = useT();
  const fmt = useFormat();
  const [index, setIndex] = useState(initialIndex);
  // Another product (or a no-JS style navigation) brings a new starting picture.
  useEffect(() => setIndex(initialIndex), [initialIndex, images]);
  const current = images[index] ?? images[0]!;

  return (
    <div>
      {/* A 4:5 frame, the usual shape of apparel photos; other shapes are letterboxed, never cropped. */}
      <div className="aspect-[4/5] overflow-hidden rounded-lg border border-stone-200 bg-stone-50">
        <ProductImage key={current} url={current} alt={name} priority sizes="(min-width: 768px) 50vw, 100vw" className="h-full w-full object-contain" />
      </div>
      {images.length > 1 ? (
        <ul aria-label={t("product.gallery.label")} className="mt-3 grid grid-cols-5 gap-2">
          {images.map((url, i) => (
            <li key={`${i}-${url}`}>
              <Link
                to={hrefFor(i)}
                replace
                preventScrollReset
                aria-label={t("product.gallery.show", { n: fmt.integer(i + 1), total: fmt.integer(images.length) })}
                aria-current={i === index ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setIndex(i);
                }}
                className={`block aspect-[4/5] overflow-hidden rounded-md border-2 bg-stone-50 transition ${
                  i === index ? "border-brand-600" : "border-transparent opacity-80 hover:opacity-100"
                }`}
              >
                <ProductImage url={url} alt="" sizes="96px" className="h-full w-full object-contain" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
