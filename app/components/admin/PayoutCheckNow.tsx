import { Form, Link } from "@remix-run/react";

import { COURIER_LABELS } from "~/schemas/payout";

// Its heading names the couriers, not "couriers": the record form's field is labelled "Courier".
// "Check payouts now" (issue 36 item 5, decision 106): the scheduled read of the couriers' payments,
// asked for at once. A plain form, so it works with JavaScript off; the answer is the page itself,
// since a check records each payment once and asking again changes nothing.

export type PayoutCheckResult = {
  recorded: { courier: string; reference: string; payoutId: number; orders: number }[];
  known: number;
  leftOut: { courier: string; reference: string; consignmentId: string; why: string }[];
  down: { courier: string; message: string }[];
};

const label = (c: string) => COURIER_LABELS[c as keyof typeof COURIER_LABELS] ?? c;
const couriersText = (names: string[]) => names.map(label).join(", ");

export function PayoutCheckNow({ couriers, everyHours, result, busy }: { couriers: string[]; everyHours: number; result?: PayoutCheckResult; busy: boolean }) {
  if (couriers.length === 0) return null;
  return (
    <section aria-labelledby="check-heading" className="card space-y-3 p-5">
      <h2 id="check-heading" className="text-lg font-semibold">
        Payouts read from {couriersText(couriers)}
      </h2>
      <p className="text-sm text-stone-600">
        {couriersText(couriers)} {couriers.length === 1 ? "tells" : "tell"} the shop about its payouts:{" "}
        {everyHours > 0 ? `they are read every ${everyHours} hours.` : "the scheduled read is switched off."}
      </p>
      <Form method="post">
        <button type="submit" name="intent" value="check-now" className="btn-secondary" disabled={busy}>
          Check payouts now
        </button>
      </Form>
      {result ? <CheckAnswer result={result} /> : null}
    </section>
  );
}

function CheckAnswer({ result }: { result: PayoutCheckResult }) {
  const { recorded, known, leftOut, down } = result;
  return (
    <div role="status" data-testid="payout-check" className="space-y-2 text-sm">
      <p className="font-semibold">
        {recorded.length === 0 ? "No new payouts." : `${recorded.length} new ${recorded.length === 1 ? "payout" : "payouts"} recorded.`}
        {known > 0 ? ` ${known} already recorded.` : ""}
      </p>
      {recorded.length > 0 ? (
        <ul className="list-disc pl-5">
          {recorded.map((r) => (
            <li key={`${r.courier}:${r.reference}`}>
              <Link to={`/admin/payouts/${r.payoutId}`} className="font-mono text-brand-700 hover:underline">
                {r.reference}
              </Link>{" "}
              from {label(r.courier)}: {r.orders} {r.orders === 1 ? "order" : "orders"}
            </li>
          ))}
        </ul>
      ) : null}
      {leftOut.length > 0 ? (
        <div>
          <p className="font-semibold text-amber-800">Parcels in a payment that were not recorded here:</p>
          <ul className="list-disc pl-5">
            {leftOut.map((l) => (
              <li key={`${l.reference}:${l.consignmentId}`}>
                {label(l.courier)} payment {l.reference}, consignment <span className="font-mono">{l.consignmentId}</span>: {l.why}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {down.map((d) => (
        <p key={d.courier} className="font-semibold text-red-700">
          {label(d.courier)} could not be read ({d.message}). Nothing from it was changed; the next check tries again.
        </p>
      ))}
    </div>
  );
}
