import type { TimelineEntry } from "~/models/orders/order-ops.server";
import { shopDay } from "~/utils/shop-time";

const LABELS: Record<TimelineEntry["type"], string> = {
  placed: "Placed",
  paid: "Marked paid",
  delivered: "Marked delivered",
  cancelled: "Cancelled",
};

/** Time of day in the shop's time zone (Dhaka, like the date beside it), so staff read the times they lived. */
function timeOfDay(iso: string) {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/**
 * What happened to an order, oldest first. Admins also see who did each step
 * (the loader leaves `actor` null for shoppers).
 */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  const cancelled = entries.find((e) => e.type === "cancelled");
  return (
    <section aria-labelledby="timeline-heading" className="card p-5 text-sm">
      <h2 id="timeline-heading" className="mb-3 text-lg font-semibold">
        Timeline
      </h2>
      {cancelled ? (
        <p role="status" className="mb-3 rounded-md bg-stone-200 px-4 py-2 font-medium text-stone-900">
          Cancelled on {shopDay(new Date(cancelled.at))}
          {cancelled.reason ? ` — ${cancelled.reason}` : ""}
        </p>
      ) : null}
      <ol className="space-y-3 border-l-2 border-stone-200 pl-4">
        {entries.map((e) => (
          <li key={`${e.type}-${e.at}`} className="relative">
            <span aria-hidden="true" className={`absolute -left-[1.4rem] top-1 h-3 w-3 rounded-full ${e.type === "cancelled" ? "bg-red-600" : "bg-brand-600"}`} />
            <p className="font-medium">
              {LABELS[e.type]}
              {e.reason ? `: ${e.reason}` : ""}
            </p>
            <p className="text-stone-600">
              <time dateTime={e.at}>
                {shopDay(new Date(e.at))} {timeOfDay(e.at)}
              </time>
              {e.actor ? ` · by ${e.actor}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
