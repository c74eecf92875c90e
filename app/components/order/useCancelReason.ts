import { useCallback } from "react";

import { useT } from "~/i18n/hooks";
import { CANCEL_REASON_LABELS, ORDER_CANCEL_REASONS } from "~/schemas/order-ops";

/**
 * A cancel reason in the page's language. Takes the stored code
 * ("out-of-stock") or the English label the timeline carries; anything else
 * (an old free-text reason) is shown as it is.
 */
export function useCancelReason() {
  const t = useT();
  return useCallback(
    (reason: string) => {
      const code = ORDER_CANCEL_REASONS.find((r) => r === reason || CANCEL_REASON_LABELS[r] === reason);
      return code ? t(`order.cancelReasons.${code}`) : reason;
    },
    [t],
  );
}
