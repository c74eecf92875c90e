import { useT } from "~/i18n/hooks";

/** The tracking number (as the courier prints it) and the shop's note, under the shipped badge. */
export function ShipmentDetails({ trackingNumber, note }: { trackingNumber: string | null; note: string | null }) {
  const t = useT();
  if (!trackingNumber && !note) return null;
  return (
    <div className="space-y-1 pt-1">
      {trackingNumber ? <p className="break-all">{t("order.page.tracking", { tracking: trackingNumber })}</p> : null}
      {note ? <p className="text-stone-700">{t("order.page.shipNote", { note })}</p> : null}
    </div>
  );
}
