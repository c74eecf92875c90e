import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminTableHead } from "~/components/admin/RowActions";
import { CourierCashCards } from "~/components/admin/CourierCash";
import { PayoutCheckNow } from "~/components/admin/PayoutCheckNow";
import { PayoutForm } from "~/components/admin/PayoutForm";
import { StatementImport } from "~/components/admin/StatementImport";
import { requireAdmin } from "~/web/guards.server";
import { cashByCourier, outstandingOrders } from "~/models/orders/payout-cash.server";
import { listPayouts, recordPayout } from "~/models/orders/payouts.server";
import { checkPayoutsNow, payoutCouriers, payoutPollHours } from "~/models/shipping/index.server";
import { readStatement, readStatementForm } from "~/models/orders/payout-csv.server";
import { isMultipart } from "~/web/multipart.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { describeFailure, loadAdminData } from "~/web/admin.server";
import { parseForm } from "~/web/form.server";
import { COURIER_LABELS, payoutSchema } from "~/schemas/payout";
import { formatTaka } from "~/utils/money";

/** "-৳5.00", not formatTaka's "৳-5.00": short is read at a glance. */
const signedTaka = (n: number) => (n < 0 ? `-${formatTaka(-n)}` : formatTaka(n));
import { tenCharacterDate } from "~/utils/dates";

// Courier payouts (issue 36 item 5, decision 095): per courier the cash on the road, held by the
// courier and paid out; the delivered orders a payout has not covered yet; the payouts recorded,
// each with its difference; and a form to record one (a pasted payout CSV), JavaScript off too.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(
    await loadAdminData(async () => ({
      couriers: await cashByCourier(),
      outstanding: await outstandingOrders({ limit: 100 }),
      payouts: await listPayouts({ limit: 100 }),
      check: { couriers: payoutCouriers(), everyHours: payoutPollHours() },
    })),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  // The statement file comes as multipart (the import form); the pasted rows as a plain form.
  if (isMultipart(request)) return importStatement(request, admin);
  const form = await request.formData();
  // "Check payouts now": the scheduled read of the couriers' payments, at once; its answer is shown on the page.
  if (form.get("intent") === "check-now") return json({ checked: await checkPayoutsNow(admin) });
  const submission = parseForm(form, { schema: payoutSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    const id = await recordPayout(submission.value, admin, "csv");
    return redirectWithToast(`/admin/payouts/${id}`, "Payout recorded", { session: await getSession(request) });
  } catch (error) {
    const failure = describeFailure(error, "Error recording the payout");
    return json(submission.reply({ formErrors: [failure.message], fieldErrors: failure.fieldErrors }), { status: failure.status });
  }
}

/** The courier's payment CSV, uploaded: its rows become the pasted form's lines, then the same schema and service. */
async function importStatement(request: Request, admin: Awaited<ReturnType<typeof requireAdmin>>) {
  let typed: Record<string, string> | null = null;
  // A message already shown next to the file is not repeated above the form.
  const refused = (status: number, formErrors: string[], fieldErrors: Record<string, string[]> = {}) =>
    json(
      { imported: true as const, error: { "": formErrors.filter((m) => !fieldErrors.statement?.includes(m)), ...fieldErrors }, initialValue: typed },
      { status },
    );
  try {
    const { fields, text } = await readStatementForm(request);
    typed = Object.fromEntries([...fields.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
    if (text === null) return refused(400, [], { statement: ["Choose the courier's payment CSV"] });
    const statement = readStatement(text);
    fields.set("orders", statement.lines);
    if (!String(fields.get("amount") ?? "").trim() && statement.paidTaka !== null) fields.set("amount", String(statement.paidTaka));
    const submission = parseForm(fields, { schema: payoutSchema });
    if (submission.status !== "success") return json({ imported: true as const, ...submission.reply() }, { status: 400 });
    const id = await recordPayout(submission.value, admin, "csv");
    return redirectWithToast(`/admin/payouts/${id}`, `Payout recorded: ${statement.rows} parcels from the statement`, { session: await getSession(request) });
  } catch (error) {
    const failure = describeFailure(error, "Error importing the statement");
    return refused(failure.status, [failure.message], failure.fieldErrors);
  }
}

const courierName = (c: string) => COURIER_LABELS[c as keyof typeof COURIER_LABELS] ?? c;

export default function Payouts() {
  const { couriers, outstanding, payouts, check } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <AdminHeader title="Courier payouts" />
      <p className="-mt-4 text-sm text-stone-600">
        A delivered cash-on-delivery parcel: the rider collects the cash, the courier keeps its charges and pays the rest out to the shop.
      </p>
      <CourierCashCards couriers={couriers} />
      <PayoutCheckNow {...check} result={result && "checked" in result ? result.checked : undefined} busy={busy} />
      <section aria-labelledby="held-heading" className="space-y-2">
        <h2 id="held-heading" className="text-lg font-semibold">
          Delivered, not paid out yet
        </h2>
        {outstanding.length === 0 ? (
          <p className="card p-4 text-sm text-stone-600">Every delivered parcel&apos;s cash has been paid out.</p>
        ) : (
          <AdminTable>
            <AdminTableHead columns={["Order", "Courier", "Delivered", "Collected", "Charges", "Owed"]} />
            <tbody className="divide-y divide-stone-100">
              {outstanding.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/admin/order/${o.id}`} className="font-mono text-brand-700 hover:underline">
                      {o.orderNumber}
                    </Link>
                  </td>
                  <td>{courierName(o.courier)}</td>
                  <td>{tenCharacterDate(o.deliveredAt)}</td>
                  <td>{formatTaka(o.collected)}</td>
                  <td>{formatTaka(o.charges)}</td>
                  <td className="font-semibold">{formatTaka(o.owed)}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        )}
      </section>
      <section aria-labelledby="payouts-heading" className="space-y-2">
        <h2 id="payouts-heading" className="text-lg font-semibold">
          Payouts received
        </h2>
        {payouts.length === 0 ? (
          <p className="card p-4 text-sm text-stone-600">No payouts recorded yet.</p>
        ) : (
          <AdminTable>
            <AdminTableHead columns={["Reference", "Courier", "Paid on", "Orders", "Paid", "Owed", "Difference"]} />
            <tbody className="divide-y divide-stone-100">
              {payouts.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/admin/payouts/${p.id}`} className="font-mono text-brand-700 hover:underline">
                      {p.reference}
                    </Link>
                  </td>
                  <td>{courierName(p.courier)}</td>
                  <td>{tenCharacterDate(p.paidAt)}</td>
                  <td>{p.orders}</td>
                  <td>{formatTaka(p.amount)}</td>
                  <td>{formatTaka(p.expected)}</td>
                  <td className={p.difference < 0 ? "font-semibold text-red-700" : p.difference > 0 ? "text-amber-800" : ""}>{signedTaka(p.difference)}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        )}
      </section>
      <StatementImport result={result && "imported" in result ? result : undefined} busy={busy} />
      <PayoutForm result={result && !("imported" in result) && !("checked" in result) ? result : undefined} busy={busy} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Courier payouts — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
