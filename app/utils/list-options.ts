// The list options' label keys and URL form, without zod: the filter, sort and
// chip components run in the browser on every list page (home included), and
// importing them from the schema module would ship zod (≈14 KB gzip) with
// them. The schema (app/schemas/catalogue.ts) still parses and re-exports these.

export const SORTS = ["relevance", "newest", "price-asc", "price-desc", "rating"] as const;
export type SortKey = (typeof SORTS)[number];

/** A list's sort and filters, parsed (app/schemas/catalogue.ts checks it equals its schema's output). */
export type ListOptions = {
  sort?: SortKey;
  size: string[];
  brand: string[];
  /** Colour names (English or Bangla, any case) or colour ids; optional so older callers need not say it (issue 38). */
  color?: string[];
  inStock: boolean;
  onSale: boolean;
  minPrice?: number;
  maxPrice?: number;
};

/** Each sort's name for the shopper, as its catalogue key (app/locales/<lang>/catalogue.json); the URL value stays English. */
export const SORT_LABELS: Record<SortKey, string> = {
  relevance: "catalogue.sort.relevance",
  newest: "catalogue.sort.newest",
  "price-asc": "catalogue.sort.priceAsc",
  "price-desc": "catalogue.sort.priceDesc",
  rating: "catalogue.sort.rating",
};

/** The options back to query parameters (defaults left out), for links that keep the state. */
export function listOptionsParams(options: ListOptions): URLSearchParams {
  const params = new URLSearchParams();
  if (options.sort) params.set("sort", options.sort);
  for (const s of options.size) params.append("size", s);
  for (const b of options.brand) params.append("brand", b);
  for (const c of options.color ?? []) params.append("color", c);
  if (options.inStock) params.set("inStock", "1");
  if (options.onSale) params.set("onSale", "1");
  if (options.minPrice !== undefined) params.set("minPrice", String(options.minPrice));
  if (options.maxPrice !== undefined) params.set("maxPrice", String(options.maxPrice));
  return params;
}

/** True when a filter (not just the sort) narrows the list. */
export function hasFilters(options: ListOptions): boolean {
  return (
    options.size.length > 0 ||
    options.brand.length > 0 ||
    (options.color?.length ?? 0) > 0 ||
    options.inStock ||
    options.onSale ||
    options.minPrice !== undefined ||
    options.maxPrice !== undefined
  );
}
