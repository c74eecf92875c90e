import type { ListOptions } from "~/schemas/catalogue";
import { listOptionsParams } from "~/utils/list-options";

/** The filters as hidden fields, so the sort form keeps them: the same parameters as the list's links. */
export function HiddenFilters({ options }: { options: ListOptions }) {
  return (
    <>
      {[...listOptionsParams({ ...options, sort: undefined })].map(([name, value]) => (
        <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
