import { Link } from "@remix-run/react";

import type { Formatters } from "~/i18n/format";
import { useFormat, useT } from "~/i18n/hooks";
import type { ColorFacetValue } from "~/models/catalogue/catalogue-facets.server";
import type { ListOptions } from "~/schemas/catalogue";
import { colourName, hasColour } from "~/utils/colour-filter";
import { listHref } from "~/utils/list-url";

type Chip = { label: string; without: ListOptions };

/** Each set filter as a chip; following its link drops that one filter. */
function chipsOf(options: ListOptions, t: ReturnType<typeof useT>, fmt: Formatters, colors: ColorFacetValue[]): Chip[] {
  const chips: Chip[] = [];
  const picked = options.color ?? [];
  for (const c of picked) {
    // The list's own name for it in the page's language; a colour no longer in the list shows as typed.
    const known = colors.find((f) => hasColour([c], f));
    const colour = known ? colourName(fmt.lang, known) : c;
    chips.push({ label: t("catalogue.filters.chips.colour", { colour }), without: { ...options, color: picked.filter((x) => x !== c) } });
  }
  for (const s of options.size)
    chips.push({ label: t("catalogue.filters.chips.size", { size: s }), without: { ...options, size: options.size.filter((x) => x !== s) } });
  for (const b of options.brand)
    chips.push({ label: t("catalogue.filters.chips.brand", { brand: b }), without: { ...options, brand: options.brand.filter((x) => x !== b) } });
  if (options.inStock) chips.push({ label: t("catalogue.filters.inStock"), without: { ...options, inStock: false } });
  if (options.onSale) chips.push({ label: t("catalogue.filters.onSale"), without: { ...options, onSale: false } });
  if (options.minPrice !== undefined)
    chips.push({ label: t("catalogue.filters.chips.from", { price: fmt.money(options.minPrice) }), without: { ...options, minPrice: undefined } });
  if (options.maxPrice !== undefined)
    chips.push({ label: t("catalogue.filters.chips.upTo", { price: fmt.money(options.maxPrice) }), without: { ...options, maxPrice: undefined } });
  return chips;
}

export function FilterChips({ basePath, options, colors = [] }: { basePath: string; options: ListOptions; colors?: ColorFacetValue[] }) {
  const t = useT();
  const chips = chipsOf(options, t, useFormat(), colors);
  if (chips.length === 0) return null;
  const cleared: ListOptions = { sort: options.sort, size: [], color: [], brand: [], inStock: false, onSale: false };
  return (
    <ul aria-label={t("catalogue.filters.chips.label")} className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={listHref(basePath, 1, chip.without)}
            aria-label={t("catalogue.filters.chips.remove", { label: chip.label })}
            className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
          >
            {chip.label}
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Link to={listHref(basePath, 1, cleared)} className="text-sm font-semibold text-brand-700 hover:underline">
            {t("catalogue.filters.chips.clearAll")}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
