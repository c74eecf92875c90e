import type { ListOptions } from "./list-options";

import { listOptionsParams } from "./list-options";

// URLs of a product list that keep its sort and filters: page links, chips
// that remove one filter, and the canonical address search engines get.

/** Page n of the list at `basePath` ("/", "/search/kurti", "/category/3"). */
export function listPath(basePath: string, page: number): string {
  if (page <= 1) return basePath;
  return `${basePath === "/" ? "" : basePath}/page/${page}`;
}

export function listHref(basePath: string, page: number, options: ListOptions): string {
  const query = listOptionsParams(options).toString();
  return `${listPath(basePath, page)}${query ? `?${query}` : ""}`;
}

/**
 * Paged lists are their own canonical page; a sorted or filtered variant
 * points at the plain list, so search engines index each list once.
 */
export function listCanonical(origin: string, basePath: string, page: number, varied: boolean): string {
  return `${origin}${listPath(basePath, varied ? 1 : page)}`;
}

/**
 * The same address without its empty query parameters, or null when it has
 * none. A GET filter form sends every field, so applying filters without
 * JavaScript used to leave `minPrice=&maxPrice=` in the address bar and in
 * shared links; the list's loader redirects to the tidy URL instead.
 */
export function withoutEmptyParams(url: URL): string | null {
  const kept = [...url.searchParams].filter(([, value]) => value.trim() !== "");
  if (kept.length === [...url.searchParams].length) return null;
  const query = new URLSearchParams(kept).toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}
