import type { FieldMetadata } from "@conform-to/react";

import { FieldErrors } from "~/components/admin/FormErrors";
import { useT } from "~/i18n/hooks";

// The review hold (issue 37, decision 105): a plain checkbox, so the settings form works without
// JavaScript; unticked, the browser sends nothing and the schema reads that as off.
export function ReviewHoldSetting({ field, on }: { field: FieldMetadata<boolean>; on: boolean }) {
  const t = useT();
  return (
    <fieldset className="card space-y-3 p-5">
      <legend className="px-1 text-lg font-semibold">{t("reviews.hold.legend")}</legend>
      <label className="flex items-start gap-2 text-sm font-semibold">
        <input type="checkbox" name={field.name} defaultChecked={on} className="mt-0.5" aria-describedby={`${field.id}-hint`} />
        {t("reviews.hold.label")}
      </label>
      <p id={`${field.id}-hint`} className="text-sm text-stone-600">
        {t("reviews.hold.hint")}
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
