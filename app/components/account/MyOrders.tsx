import { Link } from "@remix-run/react";

import { useFormat, useLocalePath, useT } from "~/i18n/hooks";

import { DeliveryState, OrdersTable, PaidState, type OrderRow } from "../order/OrdersTable";

/**
 * A shopper's orders: one card per order on a phone (a table would need
 * sideways swiping at 390 px), the table from the small-tablet width up.
 * Plain CSS, so it holds with JavaScript off.
 */
export function MyOrders({ orders }: { orders: OrderRow[] }) {
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  return (
    <>
      <ul className="space-y-3 sm:hidden">
        {orders.map((o) => (
          <li key={o.id} className="card p-4 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-mono text-xs font-semibold">{o.orderNumber}</span>
              <span className="text-stone-600">{fmt.date(o.createdAt)}</span>
            </div>
            <p className="mt-1 text-base font-semibold">{fmt.money(o.totalPrice)}</p>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              <PaidState order={o} />
              <DeliveryState order={o} />
            </p>
            <Link
              to={lp(`/order/${o.id}`)}
              className="btn-secondary mt-3 w-full py-1.5 text-sm"
              aria-label={t("order.list.detailsOf", { orderNumber: o.orderNumber })}
            >
              {t("order.list.details")}
            </Link>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <OrdersTable orders={orders} />
      </div>
    </>
  );
}
