import { z } from "zod";

import { SORTS, type ListOptions } from "~/utils/list-options";

import { numberish } from "./numberish";

// The list options shared by every product list page (/, /search/…, /category/…)
// and GET /api/products: sort, filters. All are query parameters, so a list's
// URL holds its whole state. Pages read them leniently (a bad value is
// dropped), the API strictly (400 with the field named).

// Labels and the URL form live in a zod-free module the browser can load.
export { hasFilters, listOptionsParams, SORT_LABELS, SORTS, type SortKey } from "~/utils/list-options";

const MAX_VALUES = 20;
const valueList = (label: string) =>
  z
    .array(
      z
        .string()
        // PostgreSQL text cannot hold NUL, and no size or brand contains one.
        .transform((v) => v.replaceAll("\u0000", "").trim())
        .pipe(z.string().min(1).max(100, `${label} must be at most 100 characters`)),
    )
    .max(MAX_VALUES, `At most ${MAX_VALUES} ${label.toLowerCase()} values`);
const values = (label: string) => valueList(label).default([]);

const flag = z
  .enum(["1", "true", "on", "0", "false", ""], { message: "Use 1 or 0" })
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on");

const taka = (label: string) =>
  z.preprocess(
    numberish,
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .min(0, `${label} must not be negative`)
      .max(10_000_000, `${label} is too large`)
      .optional(),
  );

const fields = {
  sort: z.enum(SORTS, { message: `Sort must be one of ${SORTS.join(", ")}` }).optional(),
  size: values("Size"),
  brand: values("Brand"),
  // Optional in the type (older callers build options without it); the parsers below always give an array.
  color: valueList("Colour").optional(),
  inStock: flag,
  onSale: flag,
  minPrice: taka("Minimum price"),
  maxPrice: taka("Maximum price"),
};

export const listOptionsSchema = z.object(fields);
export type { ListOptions };
// The zod-free type in list-options.ts must stay the schema's output, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const listOptionsTypeMatches: Same<z.infer<typeof listOptionsSchema>, ListOptions> = true;
void listOptionsTypeMatches;

/** The same fields, each falling back to "not set" when its value is bad. */
const lenientSchema = z.object(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, (f as z.ZodTypeAny).catch(undefined)])));

const MULTI = new Set(["size", "brand", "color"]);

/** URLSearchParams to the schema's input: repeated size/brand/color become arrays. */
export function listOptionsInput(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    const all = params.getAll(key).filter((v) => v !== "");
    if (MULTI.has(key)) out[key] = [...new Set(all)];
    else if (all.length > 0) out[key] = all[0];
  }
  return out;
}

/** Page loaders: never an error page for a hand-edited URL, just the options that make sense. */
export function parseListOptionsLenient(params: URLSearchParams): ListOptions {
  const parsed = lenientSchema.parse(listOptionsInput(params)) as Partial<ListOptions>;
  return {
    sort: parsed.sort,
    size: parsed.size ?? [],
    brand: parsed.brand ?? [],
    color: parsed.color ?? [],
    inStock: parsed.inStock ?? false,
    onSale: parsed.onSale ?? false,
    minPrice: parsed.minPrice,
    maxPrice: parsed.maxPrice,
  };
}

/** Suggestions: GET /api/products/suggest?q= */
export const suggestQuerySchema = z.object({
  q: z.string({ required_error: "q is required" }).max(100, "q must be at most 100 characters").default(""),
});
