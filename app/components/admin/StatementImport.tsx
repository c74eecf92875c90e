import { Form } from "@remix-run/react";

import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { COURIER_LABELS, PAYOUT_COURIERS } from "~/schemas/payout";

// The courier's payment statement uploaded as its CSV file (issue 36 item 5): a plain multipart
// form, so it works with JavaScript off. The amount may be left empty: the statement's own
// per-parcel amounts are added up.

type Result = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | undefined;

export function StatementImport({ result, busy }: { result: Result; busy: boolean }) {
  const errors = result?.error ?? {};
  const typed = (name: string) => {
    const v = result?.initialValue?.[name];
    return typeof v === "string" ? v : undefined;
  };
  const described = (name: string) => ({
    id: `import-${name}`,
    name,
    ...(name === "statement" ? {} : { defaultValue: typed(name) }),
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": errors[name]?.length ? `import-${name}-error` : undefined,
  });
  return (
    <section aria-labelledby="import-heading" className="card p-5">
      <h2 id="import-heading" className="mb-1 text-lg font-semibold">
        Import a payment statement
      </h2>
      <p className="mb-4 text-sm text-stone-600">
        The CSV the courier&apos;s panel exports for one payment (Steadfast: Payments → the payment → Export). Its consignments are matched to the orders.
      </p>
      {/* Keyed by the answer, so the values typed come back after a refusal (the file must be chosen again). */}
      <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" key={JSON.stringify(result?.initialValue ?? null)}>
        <FormAlert errors={errors[""] ?? null} />
        <div>
          {/* Not "Courier": the record form below has that label on the same page. */}
          <label htmlFor="import-courier" className="label">
            Paid by
          </label>
          <select {...described("courier")} className="input" defaultValue={typed("courier") ?? "steadfast"}>
            {PAYOUT_COURIERS.map((c) => (
              <option key={c} value={c}>
                {COURIER_LABELS[c]}
              </option>
            ))}
          </select>
          <FieldErrors id="import-courier-error" errors={errors.courier} />
        </div>
        <div>
          <label htmlFor="import-reference" className="label">
            Payment reference
          </label>
          <input {...described("reference")} className="input" required maxLength={100} autoComplete="off" />
          <FieldErrors id="import-reference-error" errors={errors.reference} />
        </div>
        <div>
          <label htmlFor="import-paidAt" className="label">
            Payment date
          </label>
          <input {...described("paidAt")} type="date" className="input" required />
          <FieldErrors id="import-paidAt-error" errors={errors.paidAt} />
        </div>
        <div>
          <label htmlFor="import-amount" className="label">
            Amount received (৳, optional)
          </label>
          <input {...described("amount")} className="input" inputMode="decimal" />
          <FieldErrors id="import-amount-error" errors={errors.amount} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="import-statement" className="label">
            Statement (CSV file)
          </label>
          <input {...described("statement")} type="file" accept=".csv,text/csv" className="input" required />
          <FieldErrors id="import-statement-error" errors={errors.statement ?? errors.orders} />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={busy}>
            {busy ? "Importing…" : "Import statement"}
          </button>
        </div>
      </Form>
    </section>
  );
}
