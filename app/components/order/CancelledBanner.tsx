import { Trans } from "~/i18n/Trans";

import { useFormat, useT } from "~/i18n/hooks";
import { shortDateTime } from "~/utils/dates";
import { dhakaClock } from "~/utils/number-format";

import { useCancelReason } from "./useCancelReason";

// Bangla gives the day in words and the time in Bangla digits; English "5 Mar 2026, 00:30".

/**
 * The first thing on a cancelled order's page: that it is cancelled, when
 * (Dhaka time, like every screen) and why, in words. A small pill in the
 * shipping card was easy to miss.
 */
export function CancelledBanner({ cancelledAt, cancelReason, toBuyer = false }: { cancelledAt: string; cancelReason: string | null; toBuyer?: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const reasonLabel = useCancelReason({ toBuyer });
  const at = new Date(cancelledAt);
  const when = fmt.lang === "bn" ? `${fmt.date(at)}, ${dhakaClock(at, "bn")}` : shortDateTime(at);
  const reason = cancelReason ? reasonLabel(cancelReason) : null;
  return (
    <section aria-labelledby="cancelled-heading" className="rounded-lg border border-red-300 border-l-4 border-l-red-700 bg-red-50 p-5 text-sm text-red-950">
      <h2 id="cancelled-heading" className="text-lg font-semibold">
        {t("order.cancelled.title")}
      </h2>
      <p className="mt-1">
        <Trans
          i18nKey={reason ? "order.cancelled.body" : "order.cancelled.bodyNoReason"}
          values={{ when, reason }}
          components={{ time: <span className="tabular-nums" />, b: <strong /> }}
        />
      </p>
    </section>
  );
}
