import { Form } from "@remix-run/react";

import { useT } from "~/i18n/hooks";
import type { ListOptions } from "~/schemas/catalogue";
import { SORT_LABELS, SORTS } from "~/utils/list-options";
import { listPath } from "~/utils/list-url";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSubmitChangedBeforeHydration } from "~/hooks/use-live-state";

import { HiddenFilters } from "./HiddenFilters";

/**
 * A GET form, so sorting works without JavaScript (a Sort button); with it,
 * choosing an option submits. Sorting starts again at page 1 and keeps the filters.
 */
export function SortForm({ basePath, options, sort, searching }: { basePath: string; options: ListOptions; sort: string; searching: boolean }) {
  const hydrated = useHydrated();
  const t = useT();
  const choices = SORTS.filter((s) => searching || s !== "relevance");
  const select = useSubmitChangedBeforeHydration();
  return (
    <Form method="get" action={listPath(basePath, 1)} className="flex items-center gap-2">
      <HiddenFilters options={options} />
      <label htmlFor="list-sort" className="text-sm text-stone-600">
        {t("catalogue.sort.label")}
      </label>
      <select
        ref={select}
        id="list-sort"
        name="sort"
        defaultValue={sort}
        key={sort}
        onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
        className="input w-auto py-1.5"
      >
        {searching ? null : <option value="">{t("catalogue.sort.featured")}</option>}
        {choices.map((s) => (
          <option key={s} value={s}>
            {t(SORT_LABELS[s])}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary py-1.5">
          {t("catalogue.sort.submit")}
        </button>
      )}
    </Form>
  );
}
