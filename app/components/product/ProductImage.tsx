import { imageSrcSet } from "~/utils/image-url";

/**
 * A product picture using the small stored variant with a srcset for sharp
 * screens. The default sizes are a product grid's (2, 3, then 4 columns): on a
 * phone the 400 px variant, not the 1200 px one. `priority` is for the one
 * picture the first screen is about (the hero, a product's main photo).
 */
export function ProductImage({
  url,
  alt,
  sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw",
  className,
  eager = false,
  priority = false,
}: {
  url: string;
  alt: string;
  sizes?: string;
  className?: string;
  eager?: boolean;
  priority?: boolean;
}) {
  const { src, srcSet } = imageSrcSet(url);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={eager || priority ? "eager" : "lazy"}
      // Lower case: React 18 passes it through as written (it does not know fetchPriority).
      {...(priority ? { fetchpriority: "high" } : {})}
      decoding="async"
      className={className}
    />
  );
}
