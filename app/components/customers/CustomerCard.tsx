import { Form, Link } from "@remix-run/react";

import { BuyerRecordLine } from "./BuyerBadge";

export type CustomerCardData = {
  phone: string;
  badge: "new" | "good" | "risky" | "blocked";
  label: string;
  numbers: string;
  rate: string;
  courier: string;
  note: string | null;
  blockReason: string | null;
  name: string | null;
  accounts: number;
};

/** One phone on "Customers by phone": who, the record, the note, and block or unblock (plain forms). */
export function CustomerCard({ customer: c, busy }: { customer: CustomerCardData; busy: boolean }) {
  const id = `c-${c.phone}`;
  return (
    <li className="card space-y-3 p-4 text-sm" aria-labelledby={`${id}-phone`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <a id={`${id}-phone`} href={`tel:${c.phone}`} className="font-mono font-semibold underline underline-offset-2">
            {c.phone}
          </a>
          {c.name ? <span className="ml-2">{c.name}</span> : null}
          <span className="ml-2 text-xs text-stone-500">{c.accounts > 0 ? `${c.accounts} account${c.accounts > 1 ? "s" : ""}` : "guest"}</span>
        </p>
        <Link to={`/admin/orderlist?customer=${c.phone}`} className="text-xs font-semibold text-brand-700 underline">
          Orders
        </Link>
      </div>
      <BuyerRecordLine record={c} />
      <p className="text-xs text-stone-600">{c.courier}</p>
      {c.blockReason ? <p className="text-xs text-red-800">Blocked: {c.blockReason}</p> : null}
      <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="phone" value={c.phone} />
        <label className="flex flex-col gap-1">
          <span className="text-xs font-semibold">Note</span>
          <input name="note" defaultValue={c.note ?? ""} maxLength={1000} className="input py-1.5" />
        </label>
        <button type="submit" name="intent" value="note" className="btn-secondary" disabled={busy}>
          Save note
        </button>
      </Form>
      {c.badge === "blocked" ? (
        <Form method="post">
          <input type="hidden" name="phone" value={c.phone} />
          <button type="submit" name="intent" value="unblock" className="btn-secondary" disabled={busy}>
            Unblock {c.phone}
          </button>
        </Form>
      ) : (
        <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="phone" value={c.phone} />
          <label className="flex flex-col gap-1">
            <span className="text-xs font-semibold">Reason to block</span>
            <input name="reason" maxLength={200} className="input py-1.5" />
          </label>
          <button type="submit" name="intent" value="block" className="btn-secondary" disabled={busy}>
            Block {c.phone}
          </button>
        </Form>
      )}
    </li>
  );
}
