import { Link } from "@remix-run/react";

import { useFormat } from "~/i18n/hooks";
import { BuyerRecordLine } from "~/components/customers/BuyerBadge";
import type { Badge } from "~/schemas/customer-phone";

import { DeliveryState, PaidState, type OrderRow } from "../order/OrdersTable";

/** A row of the admin order list: the order and who bought it. */
export type AdminOrderRow = OrderRow & {
  buyer: string;
  phone: string;
  note: string | null;
  bookable?: boolean;
  /** The phone's record (issue 37): badge and numbers in the admin's chosen language. */
  record?: { badge: Badge; label: string; numbers: string; rate: string } | null;
};

/**
 * A tick box for the list's "Book selected" and print form (issue 36), which sits outside the table:
 * on a confirmed order not yet with a rider (unshipped, or booked and awaiting pickup).
 */
function Pick({ order: o, form, where }: { order: AdminOrderRow; form?: string; where: string }) {
  if (!form || !o.bookable) return null;
  return (
    <input
      type="checkbox"
      form={form}
      name="orderIds"
      value={o.id}
      id={`pick-${where}-${o.id}`}
      aria-label={`Select order ${o.orderNumber}`}
      className="mr-2 h-4 w-4 align-middle"
    />
  );
}

/**
 * The admin order list without sideways scrolling (issue 28 item 6), as
 * Shopify's admin lays it out: on a phone one card per order, number and
 * total first, then the buyer and the status; from the small-tablet width a
 * table whose columns come in by priority (order, buyer, total and status
 * always; the date, then the phone, as the width allows). Plain CSS, so it
 * holds with JavaScript off. The order number is the link to the order.
 */
export function AdminOrders({ orders, pickForm }: { orders: AdminOrderRow[]; pickForm?: string }) {
  return (
    <>
      <ul aria-label="Orders" className="space-y-3 sm:hidden">
        {orders.map((o) => (
          <OrderCard key={o.id} order={o} pickForm={pickForm} />
        ))}
      </ul>
      <div className="card relative hidden overflow-x-auto sm:block">
        <OrderTable orders={orders} pickForm={pickForm} />
      </div>
    </>
  );
}

function OrderLink({ order: o }: { order: AdminOrderRow }) {
  return (
    <Link
      to={`/admin/order/${o.id}`}
      className="font-mono text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
      aria-label={`Details of order ${o.orderNumber}`}
    >
      {o.orderNumber}
    </Link>
  );
}

function Buyer({ order: o }: { order: AdminOrderRow }) {
  return (
    <>
      {o.buyer}
      {o.note ? <span className="ml-1 text-xs text-stone-500">({o.note})</span> : null}
      {o.record ? (
        <span className="mt-1 block">
          <BuyerRecordLine record={o.record} />
        </span>
      ) : null}
    </>
  );
}

// A cash-on-delivery shop calls the buyer before sending the parcel: the phone is a call link.
const Phone = ({ phone }: { phone: string }) =>
  phone ? (
    <a href={`tel:${phone}`} className="underline underline-offset-2">
      {phone}
    </a>
  ) : null;

function Status({ order: o }: { order: AdminOrderRow }) {
  return (
    <span className="flex flex-col gap-0.5">
      <PaidState order={o} />
      <DeliveryState order={o} />
    </span>
  );
}

function OrderCard({ order: o, pickForm }: { order: AdminOrderRow; pickForm?: string }) {
  const fmt = useFormat();
  return (
    <li className="card p-4 text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <span>
          <Pick order={o} form={pickForm} where="card" />
          <OrderLink order={o} />
        </span>
        <span className="text-base font-semibold tabular-nums">{fmt.money(o.totalPrice)}</span>
      </div>
      <p className="mt-1 break-words">
        <Buyer order={o} />
      </p>
      <p className="mt-0.5 flex flex-wrap gap-x-3 text-stone-600">
        <span>{fmt.date(o.createdAt)}</span>
        <Phone phone={o.phone} />
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <PaidState order={o} />
        <DeliveryState order={o} />
      </p>
    </li>
  );
}

function OrderTable({ orders, pickForm }: { orders: AdminOrderRow[]; pickForm?: string }) {
  const fmt = useFormat();
  return (
    <table className="table-basic">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Buyer</th>
          <th scope="col" className="hidden xl:table-cell">
            Phone
          </th>
          <th scope="col" className="hidden md:table-cell">
            Date
          </th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {orders.map((o) => (
          <tr key={o.id}>
            <td>
              <Pick order={o} form={pickForm} where="row" />
              <OrderLink order={o} />
              {/* The date column comes in at md; until then it sits under the number. */}
              <span className="block text-xs text-stone-600 md:hidden">{fmt.date(o.createdAt)}</span>
            </td>
            <td className="min-w-[9rem] !whitespace-normal">
              <Buyer order={o} />
              <span className="block text-xs xl:hidden">
                <Phone phone={o.phone} />
              </span>
            </td>
            <td className="hidden xl:table-cell">
              <Phone phone={o.phone} />
            </td>
            <td className="hidden md:table-cell">{fmt.date(o.createdAt)}</td>
            <td className="tabular-nums">{fmt.money(o.totalPrice)}</td>
            <td>
              <Status order={o} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
