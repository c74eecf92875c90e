import { useCallback } from "react";

import { useT } from "~/i18n/hooks";
import { CANCEL_REASON_LABELS, ORDER_CANCEL_REASONS } from "~/schemas/order-ops";

/**
 * A cancel reason in the page's language. Takes the stored code
 * ("out-of-stock") or the English label the timeline carries; anything else
 * (an old free-text reason) is shown as it is. To the buyer, "customer
 * asked" reads as what it was: "at your request" (issue 28 item 9).
 */
export function useCancelReason({ toBuyer = false }: { toBuyer?: boolean } = {}) {
  const t = useT();
  return useCallback(
    (reason: string) => {
      const code = ORDER_CANCEL_REASONS.find((r) => r === reason || CANCEL_REASON_LABELS[r] === reason);
      if (code === "customer-asked" && toBuyer) return t("order.cancelReasons.byYou");
      return code ? t(`order.cancelReasons.${code}`) : reason;
    },
    [t, toBuyer],
  );
}
