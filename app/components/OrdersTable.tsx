import { Link } from "@remix-run/react";

import type { OrderSummaryDTO } from "~/models/orders/order.server";
import { shortDate } from "~/utils/dates";
import { formatTaka } from "~/utils/money";

import { AdminTable } from "./admin/AdminHeader";

/** A row of an order table; the admin list adds who bought it. */
export type OrderRow = OrderSummaryDTO & { buyer?: string; phone?: string; note?: string | null; cancelledAt?: string | null };

/** Orders with number, (buyer,) date, total, paid, delivered and Details: the profile's and the admin list's table. */
export function OrdersTable({ orders, showBuyer = false }: { orders: OrderRow[]; showBuyer?: boolean }) {
  return (
    <AdminTable>
      <thead>
        <tr>
          <th>ID</th>
          {showBuyer ? <th>User</th> : null}
          {showBuyer ? <th>Phone</th> : null}
          <th>Date</th>
          <th>Total</th>
          <th>Paid</th>
          <th>Delivered</th>
          <th>
            <span className="sr-only">Details</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {orders.map((o) => (
          <tr key={o.id}>
            <td className="whitespace-nowrap font-mono text-xs">{o.orderNumber}</td>
            {showBuyer ? (
              <td>
                {o.buyer}
                {o.note ? <span className="ml-1 text-xs text-stone-500">({o.note})</span> : null}
              </td>
            ) : null}
            {showBuyer ? (
              <td className="whitespace-nowrap">
                {o.phone ? (
                  <a href={`tel:${o.phone}`} className="underline underline-offset-2">
                    {o.phone}
                  </a>
                ) : null}
              </td>
            ) : null}
            <td>{shortDate(o.createdAt)}</td>
            <td>{formatTaka(o.totalPrice)}</td>
            <td>
              <PaidState order={o} />
            </td>
            <td>
              <DeliveryState order={o} />
            </td>
            <td>
              <Link
                // The admin list opens the back office's order view; the profile, the shopper's page.
                to={showBuyer ? `/admin/order/${o.id}` : `/order/${o.id}`}
                className="btn-secondary px-3 py-1 text-xs" aria-label={`Details of order ${o.orderNumber}`}>
                Details
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
  return o.isPaid ? (
    <span className="whitespace-nowrap font-medium text-green-800">
      Paid <span className="font-normal text-stone-600">{shortDate(o.paidAt)}</span>
    </span>
  ) : (
    <span className="whitespace-nowrap text-stone-700">Not paid</span>
  );
}

/** "Delivered" with its day, "Cancelled", or "Not delivered". */
export function DeliveryState({ order: o }: { order: OrderRow }) {
  if (o.isDelivered) {
    return (
      <span className="whitespace-nowrap font-medium text-green-800">
        Delivered <span className="font-normal text-stone-600">{shortDate(o.deliveredAt)}</span>
      </span>
    );
  }
  if (o.cancelledAt) return <span className="whitespace-nowrap font-medium text-red-800">Cancelled</span>;
  return <span className="whitespace-nowrap text-stone-700">Not delivered</span>;
}
