import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminTableHead } from "~/components/admin/RowActions";
import { requireAdmin } from "~/web/guards.server";
import { getPayout } from "~/models/orders/payouts.server";
import { ServiceError } from "~/models/platform/errors.server";
import { toId } from "~/web/admin.server";
import { COURIER_LABELS } from "~/schemas/payout";
import { formatTaka } from "~/utils/money";

/** "-৳5.00", not formatTaka's "৳-5.00": short is read at a glance. */
const signedTaka = (n: number) => (n < 0 ? `-${formatTaka(-n)}` : formatTaka(n));
import { tenCharacterDate } from "~/utils/dates";

// One courier payout (issue 36 item 5): the orders it paid, each order's cash, the courier's charges
// and what the shop was owed, and how far what the courier paid differs from that.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = toId(params.id);
  if (!id) throw json({ message: "Payout not found" }, { status: 404 });
  try {
    return json({ payout: await getPayout(id) });
  } catch (error) {
    if (error instanceof ServiceError) throw json({ message: error.message }, { status: error.status });
    throw error;
  }
}

const SOURCES: Record<string, string> = {
  form: "Entered by hand",
  csv: "Entered from the courier's statement",
  webhook: "Reported by the courier",
  courier: "Read from the courier's payments",
};

export default function Payout() {
  const { payout: p } = useLoaderData<typeof loader>();
  const courier = COURIER_LABELS[p.courier as keyof typeof COURIER_LABELS] ?? p.courier;
  const tone = p.difference < 0 ? "text-red-700" : p.difference > 0 ? "text-amber-800" : "text-green-800";
  return (
    <div className="space-y-6">
      <Link to="/admin/payouts" className="text-sm text-brand-700 hover:underline">
        ← Back to payouts
      </Link>
      <AdminHeader title={`Payout ${p.reference}`} />
      <section aria-labelledby="sum-heading" className="card p-5">
        <h2 id="sum-heading" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Figure term="Courier" value={courier} />
          <Figure term="Paid on" value={tenCharacterDate(p.paidAt)} />
          <Figure term="Orders" value={String(p.orders)} />
          <Figure term="Source" value={SOURCES[p.source] ?? p.source} />
          <Figure term="Cash collected" value={formatTaka(p.collected)} />
          <Figure term="Courier charges" value={formatTaka(p.charges)} />
          <Figure term="Owed to the shop" value={formatTaka(p.expected)} />
          <Figure term="Paid" value={formatTaka(p.amount)} />
        </dl>
        <p className={`mt-4 font-semibold ${tone}`} data-testid="payout-difference">
          {p.difference === 0
            ? "Paid exactly what the orders are owed."
            : p.difference < 0
              ? `Paid ${formatTaka(-p.difference)} less than the orders are owed.`
              : `Paid ${formatTaka(p.difference)} more than the orders are owed.`}
        </p>
        {p.note ? <p className="mt-2 text-sm text-stone-600">Note: {p.note}</p> : null}
      </section>
      <section aria-labelledby="orders-heading" className="space-y-2">
        <h2 id="orders-heading" className="text-lg font-semibold">
          Orders in this payout
        </h2>
        <AdminTable>
          <AdminTableHead columns={["Order", "Collected", "Charges", "Owed", "Paid", "Difference"]} />
          <tbody className="divide-y divide-stone-100">
            {p.items.map((i) => (
              <tr key={i.orderId}>
                <td>
                  <Link to={`/admin/order/${i.orderId}`} className="font-mono text-brand-700 hover:underline">
                    {i.orderNumber}
                  </Link>
                </td>
                <td>{formatTaka(i.collected)}</td>
                <td>{formatTaka(i.charges)}</td>
                <td>{formatTaka(i.expected)}</td>
                <td>{i.paid === null ? "—" : formatTaka(i.paid)}</td>
                <td className={i.difference ? "font-semibold text-red-700" : ""}>{i.difference === null ? "—" : signedTaka(i.difference)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </section>
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-stone-600">{term}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Payout — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/payouts", label: "Back to payouts" }} />;
}
