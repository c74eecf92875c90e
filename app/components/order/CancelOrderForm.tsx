import { Form } from "@remix-run/react";

import { useMessage, useT } from "~/i18n/hooks";
import { CANCEL_REASONS } from "~/schemas/order-ops";

import { FieldErrors } from "../admin/FormErrors";
import { useCancelReason } from "./useCancelReason";

/**
 * Cancelling an order, behind a <details> so it takes a deliberate second step
 * with or without JavaScript. Admins choose a reason; a shopper's reason is
 * always "customer asked" (set by the service).
 */
export function CancelOrderForm({
  isAdmin,
  shipped = false,
  needsProof,
  error,
  contactError,
  busy,
}: {
  isAdmin: boolean;
  /** With a courier already: its items come back when the parcel is received back, and the form says so (decision 089). */
  shipped?: boolean;
  /** A guest order viewed by someone not signed in as an admin: the checkout phone or e-mail is asked. */
  needsProof?: boolean;
  error?: string | null;
  contactError?: string | null;
  busy?: boolean;
}) {
  const t = useT();
  const msg = useMessage();
  const reasonLabel = useCancelReason();
  return (
    <details className="rounded-md border border-stone-200 bg-white p-3 text-sm" open={Boolean(error || contactError)}>
      <summary className="cursor-pointer font-semibold text-red-700">{t("order.cancel.summary")}</summary>
      <Form method="post" className="mt-3 space-y-2">
        {isAdmin ? (
          <div>
            <label htmlFor="cancel-reason" className="mb-1 block font-semibold">
              {t("order.cancel.reason")}
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
                {t("order.cancel.chooseReason")}
              </option>
              {CANCEL_REASONS.map((r) => (
                <option key={r} value={r}>
                  {reasonLabel(r)}
                </option>
              ))}
            </select>
            <FieldErrors id="cancel-reason-error" errors={error ? [msg(error)] : null} />
            {shipped ? <p className="mt-2 text-stone-700">{t("courier.cancelShipped")}</p> : null}
          </div>
        ) : (
          <p className="text-stone-600">{t("order.cancel.whatHappens")}</p>
        )}
        {needsProof ? (
          <div>
            <label htmlFor="cancel-contact" className="mb-1 block font-semibold">
              {t("order.cancel.contact")}
            </label>
            <input
              id="cancel-contact"
              name="contact"
              required
              autoComplete="off"
              className="input"
              aria-invalid={contactError ? true : undefined}
              aria-describedby={contactError ? "cancel-contact-error" : undefined}
            />
            <FieldErrors id="cancel-contact-error" errors={contactError ? [msg(contactError)] : null} />
          </div>
        ) : null}
        <button type="submit" name="intent" value="cancel" className="btn w-full border border-red-600 text-red-700 hover:bg-red-50" disabled={busy}>
          {t("order.cancel.submit")}
        </button>
      </Form>
    </details>
  );
}
