import { Link } from "@remix-run/react";

import type { OrderSummaryDTO } from "~/models/order.server";
import { shortDate } from "~/utils/dates";
import { formatTaka } from "~/utils/money";

/** The profile's table of the shopper's own orders. */
export function OrderHistoryTable({ orders }: { orders: OrderSummaryDTO[] }) {
  if (orders.length === 0) return <p className="text-sm text-stone-600">You have not placed any orders yet.</p>;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="table-basic">
        <thead>
          <tr>
            <th>ID</th>
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
              <td className="font-mono text-xs">{o.id.slice(0, 8)}…</td>
              <td>{shortDate(o.createdAt)}</td>
              <td>{formatTaka(o.totalPrice)}</td>
              <td>{o.isPaid ? shortDate(o.paidAt) : <span className="text-red-700">No</span>}</td>
              <td>{o.isDelivered ? shortDate(o.deliveredAt) : <span className="text-red-700">No</span>}</td>
              <td>
                <Link to={`/order/${o.id}`} className="btn-secondary px-3 py-1 text-xs">
                  Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
