import { Form, Link } from "@remix-run/react";

import { COURIER_LABEL } from "./courier-label";

type Props = { couriers: string[]; bookingError: string | null; busy: boolean; orderId?: string };

/** Couriers that book to one of their own areas: the admin can choose it first (decision 096). */
const AREA_COURIERS = ["pathao", "redx"];

/**
 * Booking a confirmed order with a courier's API (issue 36): one button for the default courier
 * (first in `couriers`), the others behind "Another courier". Plain buttons in a form, so it works
 * without JavaScript. The courier's last refusal stays next to the order until a booking succeeds.
 */
export function BookCourierForm({ couriers, bookingError, busy, orderId }: Props) {
  const [first, ...others] = couriers;
  if (!first) return null;
  const button = (c: string, primary: boolean) => (
    <button key={c} type="submit" name="courier" value={c} className={primary ? "btn-primary w-full" : "btn-secondary w-full"} disabled={busy}>
      Book With {COURIER_LABEL[c] ?? c}
    </button>
  );
  return (
    <Form method="post" className="space-y-2" aria-labelledby="book-heading">
      <h3 id="book-heading" className="text-sm font-semibold">
        Book the parcel
      </h3>
      <input type="hidden" name="intent" value="book" />
      {bookingError ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          <strong>The courier refused:</strong> {bookingError}
        </p>
      ) : null}
      <p className="text-xs text-stone-600">The order number is the courier&rsquo;s invoice, so booking again never makes a second parcel.</p>
      {button(first, true)}
      {orderId
        ? couriers
            .filter((c) => AREA_COURIERS.includes(c))
            .map((c) => (
              <Link key={c} to={`/admin/order/${orderId}/book?courier=${c}`} className="block text-sm text-brand-700 underline underline-offset-2">
                Choose {COURIER_LABEL[c]}&rsquo;s delivery area, then book
              </Link>
            ))
        : null}
      {others.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer py-1">Another courier</summary>
          <div className="space-y-2 pt-2">{others.map((c) => button(c, false))}</div>
        </details>
      ) : null}
    </Form>
  );
}
