import { Form } from "@remix-run/react";

import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { COURIER_LABELS, PAYOUT_COURIERS } from "~/schemas/payout";

// Recording a payout (issue 36 item 5): the courier's reference, amount and date, and the orders
// it pays as the courier's payout CSV lists them, pasted. A plain form: it works with JavaScript off,
// and the server's answer (field errors, the values typed) comes back in `result`.

type Result = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | undefined;

export function PayoutForm({ result, busy }: { result: Result; busy: boolean }) {
  const errors = result?.error ?? {};
  const value = (name: string) => {
    const v = result?.initialValue?.[name];
    return typeof v === "string" ? v : undefined;
  };
  const field = (name: string) => ({
    id: `payout-${name}`,
    name,
    defaultValue: value(name),
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": errors[name]?.length ? `payout-${name}-error` : undefined,
  });
  // The form's key changes with each answer, so the values typed come back after a refusal.
  return (
    <section aria-labelledby="record-heading" className="card p-5">
      <h2 id="record-heading" className="mb-1 text-lg font-semibold">
        Record a payout
      </h2>
      <p className="mb-4 text-sm text-stone-600">
        From the courier&apos;s payout statement. Paste its rows: the order number (TB-10001), consignment id or tracking code first, then, if the statement has
        it, the taka paid for that order.
      </p>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" key={JSON.stringify(result?.initialValue ?? null)}>
        <FormAlert errors={errors[""] ?? null} />
        <div>
          <label htmlFor="payout-courier" className="label">
            Courier
          </label>
          <select {...field("courier")} className="input">
            {PAYOUT_COURIERS.map((c) => (
              <option key={c} value={c}>
                {COURIER_LABELS[c]}
              </option>
            ))}
          </select>
          <FieldErrors id="payout-courier-error" errors={errors.courier} />
        </div>
        <div>
          <label htmlFor="payout-reference" className="label">
            Payout reference
          </label>
          <input {...field("reference")} className="input" required maxLength={100} autoComplete="off" />
          <FieldErrors id="payout-reference-error" errors={errors.reference} />
        </div>
        <div>
          <label htmlFor="payout-amount" className="label">
            Amount paid (৳)
          </label>
          <input {...field("amount")} className="input" inputMode="decimal" required />
          <FieldErrors id="payout-amount-error" errors={errors.amount} />
        </div>
        <div>
          <label htmlFor="payout-paidAt" className="label">
            Paid on
          </label>
          <input {...field("paidAt")} type="date" className="input" required />
          <FieldErrors id="payout-paidAt-error" errors={errors.paidAt} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="payout-orders" className="label">
            Orders paid (CSV rows)
          </label>
          <textarea {...field("orders")} rows={6} className="input font-mono text-sm" placeholder={"invoice,amount\nTB-10001,1150.00\nTB-10002"} required />
          <FieldErrors id="payout-orders-error" errors={errors.orders} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="payout-note" className="label">
            Note (optional)
          </label>
          <input {...field("note")} className="input" maxLength={500} />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? "Recording…" : "Record payout"}
          </button>
        </div>
      </Form>
    </section>
  );
}
