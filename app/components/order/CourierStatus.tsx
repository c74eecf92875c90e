import { useFormat, useT } from "~/i18n/hooks";
import type { OrderDTO } from "~/models/orders/order-dto.server";

import { StatusBadge } from "./StatusBadge";

type Parcel = Pick<OrderDTO, "courierStatus" | "codCollected" | "deliveryCharge" | "returningAt" | "returnedAt" | "returnReason"> & {
  partReturnedAt?: string | null;
};

/**
 * What the courier last said about the parcel, and the money it reported
 * (issue 36 items 3 and 4), for the buyer's and the admin's order pages.
 * Nothing at all for an order no courier has spoken of.
 */
export function CourierStatus({ order, forAdmin = false }: { order: Parcel; forAdmin?: boolean }) {
  const t = useT();
  const fmt = useFormat();
  if (!order.courierStatus && !order.returningAt) return null;
  const tone = order.courierStatus === "delivered" ? "done" : order.returningAt ? "failed" : "pending";
  return (
    <div className="w-full space-y-1 pt-1" data-testid="courier-status">
      {order.courierStatus ? <StatusBadge tone={tone}>{t(`courier.status.${order.courierStatus}`)}</StatusBadge> : null}
      {order.partReturnedAt ? <p>{t("payouts.partDelivered")}</p> : null}
      {order.returnedAt ? (
        <p>{t("courier.returnedNotice", { date: fmt.date(order.returnedAt) })}</p>
      ) : order.returningAt ? (
        <p role="status" className="font-semibold text-red-800">
          {t("courier.returningNotice")}
          {forAdmin && order.returnReason ? ` (${order.returnReason})` : ""}
        </p>
      ) : null}
      {order.codCollected !== null ? <p>{t("courier.collected", { amount: fmt.money(order.codCollected) })}</p> : null}
      {forAdmin && order.deliveryCharge !== null ? <p>{`Courier's delivery charge: ${fmt.money(order.deliveryCharge)}`}</p> : null}
    </div>
  );
}
