import { useFormat, useT } from "~/i18n/hooks";
import { dhakaClock } from "~/utils/number-format";
import { shipmentFromWords } from "~/schemas/order-ops";
import type { TimelineEntry } from "~/models/orders/order-ops.server";
import { shopDay } from "~/utils/shop-time";

import { useCancelReason } from "./useCancelReason";

/** How an order was confirmed (decision 055), as the timeline says it. */
const CONFIRMED_BY: Record<string, string> = {
  code: "order.confirm.by.code",
  call: "order.confirm.by.call",
  delivery: "order.confirm.by.delivery",
  auto: "order.confirm.by.auto",
};

/**
 * What happened to an order, oldest first. Admins also see who did each step
 * (the loader leaves `actor` null for shoppers).
 */
export function OrderTimeline({ entries, toBuyer = false }: { entries: TimelineEntry[]; toBuyer?: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const reasonLabel = useCancelReason({ toBuyer });
  const shipment = (words: string) => {
    const { courier, trackingNumber } = shipmentFromWords(words);
    return `: ${t(`order.courier.${courier}`)}${trackingNumber ? t("order.timeline.trackingSuffix", { tracking: trackingNumber }) : ""}`;
  };
  // The Dhaka day, in the page's language.
  const day = (iso: string) => fmt.date(shopDay(new Date(iso)));
  const cancelled = entries.find((e) => e.type === "cancelled");
  // A courier's step in the page's language; on Bangla pages the courier's own Bangla words (RedX sends them).
  const courierWords = (c: NonNullable<TimelineEntry["courier"]>) => {
    const words = fmt.lang === "bn" ? (c.messageBn ?? null) : c.message;
    return `${t(`courier.status.${c.status}`)}${words ? ` — ${words}` : ""}`;
  };
  const title = (e: TimelineEntry) => {
    if (e.type === "courier" && e.courier) return courierWords(e.courier);
    if (e.type === "returning" || e.type === "returned") return `${t(`courier.timeline.${e.type}`)}${e.reason ? `: ${e.reason}` : ""}`;
    // A step the courier's webhook took says which courier.
    const reason = e.reason && (e.type === "paid" || e.type === "delivered") ? `: ${t(`order.courier.${e.reason}`)}` : null;
    if (reason) return `${t(`order.timeline.${e.type}`)}${reason}`;
    return null;
  };
  return (
    <section aria-labelledby="timeline-heading" className="card p-5 text-sm">
      <h2 id="timeline-heading" className="mb-3 text-lg font-semibold">
        {t("order.timeline.title")}
      </h2>
      {cancelled ? (
        <p role="status" className="mb-3 rounded-md bg-stone-200 px-4 py-2 font-semibold text-stone-900">
          {t("order.timeline.cancelledOn", { date: day(cancelled.at) })}
          {cancelled.reason ? ` — ${reasonLabel(cancelled.reason)}` : ""}
        </p>
      ) : null}
      <ol className="space-y-3 border-l-2 border-stone-200 pl-4">
        {entries.map((e, i) => (
          <li key={`${e.type}-${e.at}-${i}`} className="relative">
            <span
              aria-hidden="true"
              className={`absolute -left-[1.4rem] top-1 h-3 w-3 rounded-full ${e.type === "cancelled" ? "bg-red-600" : e.type === "courier" ? "bg-stone-400" : "bg-brand-600"}`}
            />
            <p className="font-semibold">
              {title(e) ??
                (e.type === "confirmed" ? (
                  t(CONFIRMED_BY[e.reason ?? "code"] ?? "order.confirm.by.auto")
                ) : (
                  <>
                    {t(`order.timeline.${e.type}`)}
                    {e.reason ? (e.type === "shipped" ? shipment(e.reason) : `: ${reasonLabel(e.reason)}`) : ""}
                  </>
                ))}
            </p>
            <p className="text-stone-600">
              <time dateTime={e.at}>
                {day(e.at)} {dhakaClock(new Date(e.at), fmt.lang) /* Dhaka, like the date beside it: staff read the times they lived */}
              </time>
              {e.actor
                ? t("order.timeline.by", { actor: e.actor })
                : e.actorRole
                  ? t("order.timeline.by", { actor: t(`order.timeline.actor.${e.actorRole}`) })
                  : ""}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
