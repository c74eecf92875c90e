import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { OrdersChart } from "~/components/admin/OrdersChart";
import { CourierCashCards } from "~/components/admin/CourierCash";
import { cashByCourier } from "~/models/orders/payout-cash.server";
import { requireAdmin } from "~/web/guards.server";
import { getDashboardStats, type WaitingGroupKey } from "~/models/orders/stats.server";
import { loadAdminData } from "~/web/admin.server";
import { currentSmsAlert } from "~/models/orders/anti-drain.server";
import { SmsBudgetBanner } from "~/components/admin/SmsBudgetBanner";
import { formatTaka } from "~/utils/money";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stats, smsAlert, cash] = await loadAdminData(() => Promise.all([getDashboardStats(), currentSmsAlert(), cashByCourier()]));
  return json({ ...stats, smsAlert, cash });
}

export default function Dashboard() {
  const stats = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <AdminHeader title="Dashboard" />
      <SmsBudgetBanner alert={stats.smsAlert} />
      <section aria-labelledby="period-heading">
        <h2 id="period-heading" className="sr-only">
          Orders and revenue
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {stats.periods.map((p) => (
            <li key={p.label} className="card p-4">
              <h3 className="text-sm font-semibold text-stone-600">{p.label}</h3>
              {/* Two figures, each with its own label: a COD shop is paid days after the order. */}
              <dl className="mt-2 grid grid-cols-2 gap-3">
                <div>
                  <dt className="text-xs text-stone-600">Orders placed</dt>
                  <dd className="text-xl font-semibold">{formatTaka(p.placedValue)}</dd>
                  <dd className="text-xs text-stone-600">
                    {p.orders} {p.orders === 1 ? "order" : "orders"}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-600">Paid revenue</dt>
                  <dd className="text-xl font-semibold">{formatTaka(p.revenue)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-stone-500">
          Orders placed: the value of orders placed in the period and not cancelled, paid or not. Paid revenue: orders marked paid in the period. Cancelled
          orders are left out of both.
        </p>
      </section>
      <Panel id="cash-heading" title="Cash on delivery">
        <CashTotals couriers={stats.cash} />
        <CourierCashCards couriers={stats.cash} />
        <Link to="/admin/payouts" className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Courier payouts →
        </Link>
      </Panel>
      <Panel id="chart-heading" title="Orders and payments per day">
        <OrdersChart days={stats.revenueByDay} />
      </Panel>
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel id="waiting-heading" title="Waiting for action">
          <WaitingGroups groups={stats.waiting.groups} />
        </Panel>
        <Panel id="top-heading" title="Top products, last 30 days">
          {stats.topProducts.length === 0 ? (
            <p className="text-sm text-stone-600">Nothing sold yet.</p>
          ) : (
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {stats.topProducts.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/product/${p.id}/edit`} className="text-brand-700 hover:underline">
                    {p.name}
                  </Link>{" "}
                  <span className="text-stone-600">— {p.qty} sold</span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
      <Panel id="low-heading" title={`Low stock (${stats.lowStockAtMost} or fewer left)`}>
        {stats.lowStock.length === 0 ? (
          <p className="text-sm text-stone-600">Every size has more than {stats.lowStockAtMost} left.</p>
        ) : (
          // Fixed narrow columns; names wrap (! beats .table-basic td nowrap) to fit a phone.
          <div className="max-h-96 overflow-y-auto rounded-md border border-stone-200">
            <table className="table-basic w-full table-fixed">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="w-20">
                    Size
                  </th>
                  <th scope="col" className="w-24">
                    Left
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {stats.lowStock.map((s) => (
                  <tr key={`${s.productId}-${s.size}`}>
                    <td className="!whitespace-normal">
                      <Link to={`/admin/product/${s.productId}/edit`} className="text-brand-700 hover:underline">
                        {s.name}
                      </Link>
                    </td>
                    <td className="!whitespace-normal">{s.size}</td>
                    <td className={s.quantity === 0 ? "font-semibold text-red-700" : "text-amber-800"}>{s.quantity === 0 ? "Sold out" : s.quantity}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}

/** What each group asks of the shop, as "N orders to …" (Shopify's "N orders to fulfil"). */
const GROUP_WORDS: Record<WaitingGroupKey, { title: string; action: string; hint: string }> = {
  toConfirm: { title: "To confirm", action: "to confirm", hint: "No SMS code yet: call the buyer." },
  toShip: { title: "To ship", action: "to ship", hint: "Confirmed: pack and hand to a courier." },
  withCourier: { title: "With the courier", action: "with the courier", hint: "Shipped, not yet delivered." },
  toCollect: { title: "To collect", action: "to collect cash for", hint: "Delivered, cash not yet received." },
};

function WaitingGroups({ groups }: { groups: { key: WaitingGroupKey; status: string; count: number }[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 text-sm">
      {groups.map((g) => {
        const words = GROUP_WORDS[g.key];
        return (
          <li key={g.key} data-testid={`waiting-${g.key}`} className="rounded-md border border-stone-200 p-3">
            <h3 className="font-semibold text-stone-600">{words.title}</h3>
            <Link to={`/admin/orderlist?status=${g.status}`} className="mt-1 block font-semibold text-brand-700 hover:underline">
              <span className="text-2xl">{g.count}</span> {g.count === 1 ? "order" : "orders"} {words.action}
            </Link>
            <p className="mt-1 text-xs text-stone-600">{words.hint}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The shop's cash at a glance: what the couriers collected, and what they still hold (not paid out). */
function CashTotals({ couriers }: { couriers: { collected: number; outstanding: { owed: number } }[] }) {
  const sum = (f: (c: (typeof couriers)[number]) => number) => couriers.reduce((total, c) => total + Math.round(f(c) * 100), 0) / 100;
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3" data-testid="cash-totals">
      <div>
        <dt className="text-xs text-stone-600">Cash collected by couriers</dt>
        <dd className="text-xl font-semibold">{formatTaka(sum((c) => c.collected))}</dd>
      </div>
      <div>
        <dt className="text-xs text-stone-600">Outstanding: held by couriers, not paid out</dt>
        <dd className="text-xl font-semibold text-amber-800">{formatTaka(sum((c) => c.outstanding.owed))}</dd>
      </div>
    </dl>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}

export const meta: MetaFunction = () => [{ title: "Dashboard — Admin — TanaBana" }];
