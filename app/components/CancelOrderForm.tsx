import { Form } from "@remix-run/react";

import { CANCEL_REASON_LABELS, CANCEL_REASONS } from "~/schemas/order-ops";

import { FieldErrors } from "./admin/FormErrors";

/**
 * Cancelling an order, behind a <details> so it takes a deliberate second step
 * with or without JavaScript. Admins choose a reason; a shopper's reason is
 * always "customer asked" (set by the service).
 */
export function CancelOrderForm({ isAdmin, error, busy }: { isAdmin: boolean; error?: string | null; busy?: boolean }) {
  return (
    <details className="rounded-md border border-stone-200 bg-white p-3 text-sm" open={Boolean(error)}>
      <summary className="cursor-pointer font-medium text-red-700">Cancel this order</summary>
      <Form method="post" className="mt-3 space-y-2">
        {isAdmin ? (
          <div>
            <label htmlFor="cancel-reason" className="mb-1 block font-medium">
              Reason
            </label>
            <select
              id="cancel-reason"
              name="reason"
              required
              defaultValue=""
              className="input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "cancel-reason-error" : undefined}
            >
              <option value="" disabled>
                Choose a reason
              </option>
              {CANCEL_REASONS.map((r) => (
                <option key={r} value={r}>
                  {CANCEL_REASON_LABELS[r]}
                </option>
              ))}
            </select>
            <FieldErrors id="cancel-reason-error" errors={error ? [error] : null} />
          </div>
        ) : (
          <p className="text-stone-600">The items go back on the shelf and nothing will be delivered.</p>
        )}
        <button type="submit" name="intent" value="cancel" className="btn w-full border border-red-600 text-red-700 hover:bg-red-50" disabled={busy}>
          Cancel order
        </button>
      </Form>
    </details>
  );
}
