import { useT } from "~/i18n/hooks";
import { courierName } from "~/models/orders/order-next-steps";
import { trackingUrl } from "~/utils/tracking-url";

/** The tracking number (as the courier prints it, linked to the courier's page when it has one) and the shop's note. */
export function ShipmentDetails({ courier, trackingNumber, note }: { courier: string | null; trackingNumber: string | null; note: string | null }) {
  const t = useT();
  if (!trackingNumber && !note) return null;
  const href = trackingUrl(courier, trackingNumber);
  return (
    <div className="space-y-1 pt-1">
      {trackingNumber ? <p className="break-all">{t("order.page.tracking", { tracking: trackingNumber })}</p> : null}
      {href ? (
        <p>
          <a href={href} className="font-semibold text-brand-700 underline" rel="noopener noreferrer" target="_blank" data-testid="tracking-link">
            {t("checkout.nextSteps.track", { courier: courierName(t, courier) })}
          </a>
        </p>
      ) : null}
      {note ? <p className="text-stone-700">{t("order.page.shipNote", { note })}</p> : null}
    </div>
  );
}
