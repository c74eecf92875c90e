import type { ListOptions } from "~/schemas/catalogue";

/** The filters as hidden fields, so the sort form keeps them. */
export function HiddenFilters({ options }: { options: ListOptions }) {
  return (
    <>
      {options.size.map((s) => (
        <input key={`size-${s}`} type="hidden" name="size" value={s} />
      ))}
      {options.brand.map((b) => (
        <input key={`brand-${b}`} type="hidden" name="brand" value={b} />
      ))}
      {options.inStock ? <input type="hidden" name="inStock" value="1" /> : null}
      {options.onSale ? <input type="hidden" name="onSale" value="1" /> : null}
      {options.minPrice !== undefined ? <input type="hidden" name="minPrice" value={options.minPrice} /> : null}
      {options.maxPrice !== undefined ? <input type="hidden" name="maxPrice" value={options.maxPrice} /> : null}
    </>
  );
}
