import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";

import { FieldErrors, FormAlert } from "./FormErrors";

// The coupon form, the same on the create and edit screens. Plain fields, so it works without JavaScript.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata for the coupon form schema
type Field = FieldMetadata<any, any, string[]>;

type Fields = Record<"code" | "percent" | "amountOff" | "minSubtotal" | "startsAt" | "endsAt" | "usageLimit" | "perBuyerLimit" | "active", Field>;

function TextField({
  field,
  label,
  hint,
  type = "text",
  step,
}: {
  field: Field;
  label: string;
  hint?: string;
  type?: "text" | "number" | "datetime-local";
  step?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <input {...props} step={step} className="input" />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CouponForm({
  form,
  fields,
  busy,
  submitLabel,
  busyLabel,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Field above
  form: FormMetadata<any, string[]>;
  fields: Fields;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-5 p-5">
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextField field={fields.code} label="Code" hint="What buyers type; capitals or not, it is the same code (EID10 = eid10)." />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Discount: a percent or taka off, one of the two</legend>
        <TextField field={fields.percent} label="Percent off" type="number" step="1" />
        <TextField field={fields.amountOff} label="Taka off (৳)" type="number" step="0.01" />
      </fieldset>
      <TextField field={fields.minSubtotal} label="Minimum subtotal (৳)" type="number" step="0.01" hint="Items after automatic discounts; empty for none." />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">When (Dhaka time)</legend>
        <TextField field={fields.startsAt} label="Starts" type="datetime-local" hint="Empty: from now." />
        <TextField field={fields.endsAt} label="Ends" type="datetime-local" hint="Empty: no end." />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Limits</legend>
        <TextField field={fields.usageLimit} label="Uses in total" type="number" step="1" hint="Empty: no limit." />
        <TextField field={fields.perBuyerLimit} label="Uses per buyer" type="number" step="1" hint="Same phone or e-mail, guests too. Empty: no limit." />
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input {...getInputProps(fields.active, { type: "checkbox" })} className="h-4 w-4 rounded border-stone-300" />
        Active
      </label>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        <Link to="/admin/couponlist" className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
