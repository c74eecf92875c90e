import { Link } from "@remix-run/react";

export type SmsAlert = { waiting: number; exhaustedNow: boolean; budget: number } | null;

/** The shop-wide SMS budget ran out (issue 37): orders wait for a call, and someone may be pumping SMS. */
export function SmsBudgetBanner({ alert }: { alert: SmsAlert }) {
  if (!alert) return null;
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-red-300 border-l-4 border-l-red-600 bg-red-50 p-4 text-sm text-stone-900"
      data-testid="sms-budget-alert"
    >
      <p className="font-semibold">
        {alert.exhaustedNow ? `The shop's SMS budget (${alert.budget} an hour) has run out.` : "The shop's SMS budget ran out in the last 24 hours."}
      </p>
      <p className="mt-1">
        {alert.waiting} {alert.waiting === 1 ? "order got" : "orders got"} no code and {alert.waiting === 1 ? "waits" : "wait"} for your call. Many codes in a
        short time can mean someone is sending texts through the shop. Raise the budget in{" "}
        <Link to="/admin/settings" className="font-semibold text-brand-700 underline">
          Settings
        </Link>{" "}
        if the orders are real.
      </p>
    </div>
  );
}
