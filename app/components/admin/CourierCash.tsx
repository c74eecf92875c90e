import { formatTaka } from "~/utils/money";
import { COURIER_LABELS } from "~/schemas/order-ops";

// Where each courier's cash-on-delivery money is (issue 36 item 5): on the road, held by the
// courier (collected, not paid out) and paid out. The payouts page and the dashboard show the same cards.

export type CourierCashView = {
  courier: string;
  toCollect: { orders: number; amount: number };
  outstanding: { orders: number; collected: number; charges: number; owed: number };
  collected: number;
  paidOut: { payouts: number; amount: number };
};

const courierName = (c: string) => COURIER_LABELS[c as keyof typeof COURIER_LABELS] ?? c;
const orders = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;

export function CourierCashCards({ couriers }: { couriers: CourierCashView[] }) {
  if (couriers.length === 0) return <p className="card p-4 text-sm text-stone-600">No parcels with cash to collect yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {couriers.map((c) => (
        <li key={c.courier} className="card p-4" data-testid={`cash-${c.courier}`}>
          <h3 className="font-semibold">{courierName(c.courier)}</h3>
          <dl className="mt-2 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-stone-600">To collect</dt>
              <dd className="text-lg font-semibold">{formatTaka(c.toCollect.amount)}</dd>
              <dd className="text-xs text-stone-600">{orders(c.toCollect.orders)} on the road</dd>
            </div>
            <div>
              <dt className="text-xs text-stone-600">Held by the courier</dt>
              <dd className="text-lg font-semibold text-amber-800">{formatTaka(c.outstanding.owed)}</dd>
              <dd className="text-xs text-stone-600">
                {orders(c.outstanding.orders)}: {formatTaka(c.outstanding.collected)} collected − {formatTaka(c.outstanding.charges)} charges
              </dd>
            </div>
            <div>
              <dt className="text-xs text-stone-600">Collected in all</dt>
              <dd className="font-semibold">{formatTaka(c.collected)}</dd>
            </div>
            <div>
              <dt className="text-xs text-stone-600">Paid out</dt>
              <dd className="font-semibold">{formatTaka(c.paidOut.amount)}</dd>
              <dd className="text-xs text-stone-600">
                {c.paidOut.payouts} {c.paidOut.payouts === 1 ? "payout" : "payouts"}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
