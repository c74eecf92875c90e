import { CANCEL_REASON_LABELS, type CancelReason } from "~/schemas/order-ops";
import { shopDateTime } from "~/utils/shop-time";

/**
 * The first thing on a cancelled order's page: that it is cancelled, when
 * (Dhaka time, like every screen) and why, in words. A small pill in the
 * shipping card was easy to miss.
 */
export function CancelledBanner({ cancelledAt, cancelReason }: { cancelledAt: string; cancelReason: string | null }) {
  const reason = cancelReason ? (CANCEL_REASON_LABELS[cancelReason as CancelReason] ?? cancelReason) : null;
  return (
    <section aria-labelledby="cancelled-heading" className="rounded-lg border border-red-300 border-l-4 border-l-red-700 bg-red-50 p-5 text-sm text-red-950">
      <h2 id="cancelled-heading" className="text-lg font-semibold">
        This order was cancelled
      </h2>
      <p className="mt-1">
        Cancelled on <span className="tabular-nums">{shopDateTime(new Date(cancelledAt))}</span> (Dhaka time)
        {reason ? (
          <>
            . Reason: <strong>{reason}</strong>
          </>
        ) : null}
        . Nothing will be delivered and nothing is owed for it.
      </p>
    </section>
  );
}
