import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";

import { useFormat, useT } from "~/i18n/hooks";
import type { ColorFacetValue, Facets } from "~/models/catalogue/catalogue-facets.server";
import type { ListOptions } from "~/schemas/catalogue";
import { colourName, hasColour } from "~/utils/colour-filter";
import { listHref, listPath } from "~/utils/list-url";

/** How many filters are set, for the drawer's summary. */
function activeCount(o: ListOptions) {
  return (
    o.size.length +
    (o.color?.length ?? 0) +
    o.brand.length +
    Number(o.inStock) +
    Number(o.onSale) +
    Number(o.minPrice !== undefined) +
    Number(o.maxPrice !== undefined)
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-stone-200 pt-3">
      <legend className="pb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">{children}</div>
    </fieldset>
  );
}

function Check({ name, value, checked, label, count }: { name: string; value: string; checked: boolean; label: string; count: number }) {
  const fmt = useFormat();
  return (
    // The whole row is the target, at least 24 px high (WCAG 2.2 target size).
    <label className="flex min-h-6 cursor-pointer items-center gap-2 py-1 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4 rounded border-stone-300 text-brand-600" />
      {label} ({fmt.integer(count)})
    </label>
  );
}

/** A colour's checkbox: its swatch beside its name in the page's language (never colour alone). */
function ColourCheck({ f, checked }: { f: ColorFacetValue; checked: boolean }) {
  const fmt = useFormat();
  return (
    <label className="flex min-h-6 cursor-pointer items-center gap-2 py-1 text-sm">
      <input type="checkbox" name="color" value={f.value} defaultChecked={checked} className="h-4 w-4 rounded border-stone-300 text-brand-600" />
      <span aria-hidden="true" className="h-4 w-4 flex-none rounded-full border border-stone-300" style={{ backgroundColor: f.hex }} />
      {colourName(fmt.lang, f)} ({fmt.integer(f.count)})
    </label>
  );
}

/**
 * The filters in a `<details>` drawer: a plain GET form, so it opens and
 * applies without JavaScript. Counts are for the current list; applying
 * starts again at page 1 and keeps the sort.
 */
export function FilterPanel({ basePath, options, facets }: { basePath: string; options: ListOptions; facets: Facets }) {
  const navigate = useNavigate();
  const t = useT();
  const fmt = useFormat();
  const active = activeCount(options);
  const drawer = useRef<HTMLDetailsElement>(null);
  // Set by Apply: once the new list has loaded, bring it into view (on a phone it starts below the drawer).
  const [showResults, setShowResults] = useState(false);
  const { search } = useLocation();
  useEffect(() => {
    if (!showResults) return;
    setShowResults(false);
    document.getElementById("results")?.scrollIntoView({ block: "start" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the applied list arrives
  }, [search]);
  // Esc closes the open drawer and gives focus back to its button (a listener: <details> is no widget for JSX handlers).
  useEffect(() => {
    const el = drawer.current;
    if (!el) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !el.open) return;
      el.open = false;
      el.querySelector("summary")?.focus();
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, []);
  const price = facets.priceRange;
  return (
    <details ref={drawer} className="group w-full sm:relative sm:w-auto">
      <summary className="btn-secondary cursor-pointer select-none py-1.5 marker:content-none">
        {active > 0 ? t("catalogue.filters.summaryActive", { n: fmt.integer(active) }) : t("catalogue.filters.summary")}
      </summary>
      <div className="mt-2 w-full rounded-lg border border-stone-200 bg-white p-4 shadow-lg sm:absolute sm:right-0 sm:z-20 sm:w-96">
        <Form
          method="get"
          action={listPath(basePath, 1)}
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            // With JavaScript, leave empty price boxes out of the URL (without it the browser sends them, harmlessly).
            event.preventDefault();
            const params = new URLSearchParams();
            for (const [key, value] of new FormData(event.currentTarget)) if (value !== "") params.append(key, String(value));
            const query = params.toString();
            // Close the drawer and show the results, rather than leave them below the fold.
            if (drawer.current) drawer.current.open = false;
            setShowResults(true);
            navigate(`${listPath(basePath, 1)}${query ? `?${query}` : ""}`, { preventScrollReset: true });
          }}
        >
          {options.sort ? <input type="hidden" name="sort" value={options.sort} /> : null}
          {facets.sizes.length > 0 ? (
            <Group legend={t("catalogue.filters.size")}>
              {facets.sizes.map((f) => (
                <Check key={f.value} name="size" value={f.value} checked={options.size.includes(f.value)} label={f.value} count={f.count} />
              ))}
            </Group>
          ) : null}
          {facets.colors.length > 0 ? (
            <Group legend={t("catalogue.filters.colour")}>
              {facets.colors.map((f) => (
                <ColourCheck key={f.value} f={f} checked={hasColour(options.color, f)} />
              ))}
            </Group>
          ) : null}
          {facets.brands.length > 0 ? (
            <Group legend={t("catalogue.filters.brand")}>
              {facets.brands.map((f) => (
                <Check key={f.value} name="brand" value={f.value} checked={options.brand.includes(f.value)} label={f.value} count={f.count} />
              ))}
            </Group>
          ) : null}
          <Group legend={t("catalogue.filters.availability")}>
            <Check name="inStock" value="1" checked={options.inStock} label={t("catalogue.filters.inStock")} count={facets.inStock} />
            <Check name="onSale" value="1" checked={options.onSale} label={t("catalogue.filters.onSale")} count={facets.onSale} />
          </Group>
          {/* The placeholders keep Latin digits: a number field takes only those. */}
          <Group legend={t("catalogue.filters.price")}>
            <label className="flex items-center gap-2 text-sm">
              {t("catalogue.filters.min")}
              <input
                type={fmt.lang === "bn" ? "text" : "number"}
                inputMode="decimal"
                name="minPrice"
                min={0}
                step="0.01"
                defaultValue={options.minPrice}
                placeholder={price ? String(Math.floor(price.min)) : undefined}
                className="input w-28 py-1"
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              {t("catalogue.filters.max")}
              <input
                type={fmt.lang === "bn" ? "text" : "number"}
                inputMode="decimal"
                name="maxPrice"
                min={0}
                step="0.01"
                defaultValue={options.maxPrice}
                placeholder={price ? String(Math.ceil(price.max)) : undefined}
                className="input w-28 py-1"
              />
            </label>
          </Group>
          <div className="flex items-center gap-4 border-t border-stone-200 pt-3">
            <button type="submit" className="btn-primary">
              {t("catalogue.filters.apply")}
            </button>
            {active > 0 ? (
              <Link
                to={listHref(basePath, 1, { sort: options.sort, size: [], color: [], brand: [], inStock: false, onSale: false })}
                className="text-sm font-semibold text-brand-700 hover:underline"
              >
                {t("catalogue.filters.clear")}
              </Link>
            ) : null}
          </div>
        </Form>
      </div>
    </details>
  );
}
