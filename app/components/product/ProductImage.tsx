import { imageSrcSet } from "~/utils/image-url";

/** A product picture using the small stored variant with a srcset for sharp screens. */
export function ProductImage({
  url,
  alt,
  sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw",
  className,
  eager = false,
}: {
  url: string;
  alt: string;
  sizes?: string;
  className?: string;
  eager?: boolean;
}) {
  const { src, srcSet } = imageSrcSet(url);
  return (
    <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt} loading={eager ? "eager" : "lazy"} decoding="async" className={className} />
  );
}
