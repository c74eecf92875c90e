/**
 * URLs of images stored by the image service (/images/{id}). Pure, so both the
 * server and the browser bundle can use it.
 */

/** Widths of the stored WebP variants, smallest first; the largest is served without `?w=`. */
export const IMAGE_WIDTHS = [400, 1200] as const;

const STORED_PREFIX = "/images/";

function isStored(url: string) {
  return url.startsWith(STORED_PREFIX);
}

/**
 * URL of the stored variant that covers `width` (the next stored width up, else
 * the largest). Snapping to stored widths keeps browser and CDN caches small.
 * Other URLs (e.g. external ones an admin pasted) come back unchanged.
 */
export function imageUrl(url: string, width: number): string {
  if (!isStored(url)) return url;
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const chosen = IMAGE_WIDTHS.find((w) => w >= width) ?? largest;
  return chosen === largest ? url : `${url}?w=${chosen}`;
}

/** `src` (the small variant) and a `srcSet` for stored images; other URLs get no srcSet. */
export function imageSrcSet(url: string): { src: string; srcSet?: string } {
  if (!isStored(url)) return { src: url };
  return { src: `${url}?w=400`, srcSet: `${url}?w=400 400w, ${url} 1200w` };
}
