import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";

import { FieldErrors } from "./FormErrors";

// The rate, the Active switch and the buttons: the same on the create and edit screens.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen's form schema differs
type Field = FieldMetadata<any, any, string[]>;

export function DiscountRateFields({
  percentage,
  isActive,
  busy,
  submitLabel,
  busyLabel,
}: {
  percentage: Field;
  isActive: Field;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
}) {
  return (
    <>
      <div>
        <label htmlFor={percentage.id} className="label">
          Percentage
        </label>
        <div className="relative max-w-40">
          <input {...getInputProps(percentage, { type: "number" })} step={1} className="input pr-8" />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-stone-500">%</span>
        </div>
        <FieldErrors id={percentage.errorId} errors={percentage.errors} />
      </div>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input {...getInputProps(isActive, { type: "checkbox" })} className="h-4 w-4 rounded border-stone-300" />
        Active
      </label>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        <Link to="/admin/discountlist" className="btn-secondary">
          Cancel
        </Link>
      </div>
    </>
  );
}
