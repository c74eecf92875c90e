import { Form } from "@remix-run/react";

import { COURIER_LABELS, COURIERS } from "~/schemas/order-ops";

import { FieldErrors } from "./FormErrors";

type Shipment = { courier: string | null; trackingNumber: string | null; shipNote: string | null; isShipped: boolean };

/**
 * Handing an order to a courier (issue 28 item 2): a plain form, so it works
 * without JavaScript. On a shipped order it is the way to correct the courier
 * or tracking number, behind a <details> so it is not mistaken for a second step.
 */
export function ShipOrderForm({ order, errors, busy }: { order: Shipment; errors?: Record<string, string[]>; busy: boolean }) {
  const err = (field: string) => errors?.[field] ?? null;
  const fields = (
    <Form method="post" className="space-y-3" noValidate>
      <div>
        <label htmlFor="ship-courier" className="mb-1 block text-sm font-semibold">
          Courier
        </label>
        <select
          id="ship-courier"
          name="courier"
          className="input"
          defaultValue={order.courier ?? ""}
          aria-invalid={err("courier") ? true : undefined}
          aria-describedby={err("courier") ? "ship-courier-error" : undefined}
        >
          <option value="" disabled>
            Choose the courier
          </option>
          {COURIERS.map((c) => (
            <option key={c} value={c}>
              {COURIER_LABELS[c]}
            </option>
          ))}
        </select>
        <FieldErrors id="ship-courier-error" errors={err("courier")} />
      </div>
      <div>
        <label htmlFor="ship-tracking" className="mb-1 block text-sm font-semibold">
          Tracking number <span className="font-normal text-stone-600">(not needed for our own rider)</span>
        </label>
        <input
          id="ship-tracking"
          name="trackingNumber"
          className="input"
          autoComplete="off"
          maxLength={40}
          defaultValue={order.trackingNumber ?? ""}
          aria-invalid={err("trackingNumber") ? true : undefined}
          aria-describedby={err("trackingNumber") ? "ship-tracking-error" : undefined}
        />
        <FieldErrors id="ship-tracking-error" errors={err("trackingNumber")} />
      </div>
      <div>
        <label htmlFor="ship-note" className="mb-1 block text-sm font-semibold">
          Note to the buyer <span className="font-normal text-stone-600">(optional; name the courier if &ldquo;Other courier&rdquo;)</span>
        </label>
        <textarea
          id="ship-note"
          name="note"
          rows={2}
          maxLength={200}
          className="input"
          defaultValue={order.shipNote ?? ""}
          aria-invalid={err("note") ? true : undefined}
          aria-describedby={err("note") ? "ship-note-error" : undefined}
        />
        <FieldErrors id="ship-note-error" errors={err("note")} />
      </div>
      <button type="submit" name="intent" value="ship" className={order.isShipped ? "btn-secondary w-full" : "btn-primary w-full"} disabled={busy}>
        {order.isShipped ? "Save Shipping Details" : "Mark As Shipped"}
      </button>
      <p className="text-xs text-stone-600">The buyer gets an e-mail and an SMS with the courier and tracking number.</p>
    </Form>
  );
  if (!order.isShipped) {
    return (
      <section aria-labelledby="ship-heading" className="space-y-2">
        <h3 id="ship-heading" className="text-sm font-semibold">
          Hand to a courier
        </h3>
        {fields}
      </section>
    );
  }
  return (
    <details className="rounded-md border border-stone-200 bg-white p-3 text-sm" open={Boolean(errors)}>
      <summary className="cursor-pointer font-semibold">Correct the courier or tracking number</summary>
      <div className="mt-3">{fields}</div>
    </details>
  );
}
