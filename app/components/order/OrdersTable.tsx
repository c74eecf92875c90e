import { Link } from "@remix-run/react";

import { useFormat, useLocalePath, useT } from "~/i18n/hooks";
import type { OrderSummaryDTO } from "~/models/orders/order.server";

import { AdminTable } from "../admin/AdminHeader";

/** A row of an order table (the admin list's adds who bought it: admin/AdminOrders.tsx). */
export type OrderRow = OrderSummaryDTO & { cancelledAt?: string | null; isConfirmed?: boolean; shippedAt?: string | null };

/** A shopper's orders with number, date, total, paid, delivered and Details (the profile's table). */
export function OrdersTable({ orders }: { orders: OrderRow[] }) {
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  return (
    <AdminTable>
      <thead>
        <tr>
          <th>{t("order.list.columns.id")}</th>
          <th>{t("order.list.columns.date")}</th>
          <th>{t("order.list.columns.total")}</th>
          <th>{t("order.list.columns.paid")}</th>
          <th>{t("order.list.columns.delivered")}</th>
          <th>
            <span className="sr-only">{t("order.list.columns.details")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {orders.map((o) => (
          <tr key={o.id}>
            <td className="whitespace-nowrap font-mono text-xs">{o.orderNumber}</td>
            <td>{fmt.date(o.createdAt)}</td>
            <td>{fmt.money(o.totalPrice)}</td>
            <td>
              <PaidState order={o} />
            </td>
            <td>
              <DeliveryState order={o} />
            </td>
            <td>
              <Link
                to={lp(`/order/${o.id}`)}
                className="btn-secondary px-3 py-1 text-xs"
                aria-label={t("order.list.detailsOf", { orderNumber: o.orderNumber })}
              >
                {t("order.list.details")}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

/** "Paid" with its day, or "Not paid": words, never a lone ✓ or ✗. */
export function PaidState({ order: o }: { order: OrderRow }) {
  const t = useT();
  const fmt = useFormat();
  // A cancelled order owes nothing: "Not paid" read as a debt (issue 28 item 9).
  if (!o.isPaid && o.cancelledAt) return <span className="whitespace-nowrap text-stone-600">{t("order.list.nothingOwed")}</span>;
  return o.isPaid ? (
    <span className="whitespace-nowrap font-semibold text-green-800">
      {t("order.list.paid")} <span className="font-normal text-stone-600">{fmt.date(o.paidAt)}</span>
    </span>
  ) : (
    <span className="whitespace-nowrap text-stone-700">{t("order.list.notPaid")}</span>
  );
}

/** "Delivered" with its day, "Cancelled", "Awaiting confirmation", "With courier" with its day, or "Not delivered". */
export function DeliveryState({ order: o }: { order: OrderRow }) {
  const t = useT();
  const fmt = useFormat();
  if (o.isDelivered) {
    return (
      <span className="whitespace-nowrap font-semibold text-green-800">
        {t("order.list.delivered")} <span className="font-normal text-stone-600">{fmt.date(o.deliveredAt)}</span>
      </span>
    );
  }
  if (o.cancelledAt) return <span className="whitespace-nowrap font-semibold text-red-800">{t("order.list.cancelled")}</span>;
  if (o.isConfirmed === false) return <span className="whitespace-nowrap font-semibold text-amber-800">{t("order.confirm.awaiting")}</span>;
  if (o.shippedAt) {
    return (
      <span className="whitespace-nowrap font-semibold text-sky-800">
        {t("order.list.shipped")} <span className="font-normal text-stone-600">{fmt.date(o.shippedAt)}</span>
      </span>
    );
  }
  return <span className="whitespace-nowrap text-stone-700">{t("order.list.notDelivered")}</span>;
}
