import type { Badge } from "~/schemas/customer-phone";

// The phone record's badge (issue 37): the words come made from the server (buyer-record-view.server.ts).

const tones: Record<Badge, string> = {
  new: "bg-sky-50 text-sky-800 ring-sky-600/30",
  good: "bg-green-50 text-green-800 ring-green-600/30",
  risky: "bg-amber-50 text-amber-900 ring-amber-600/40",
  blocked: "bg-red-50 text-red-800 ring-red-600/30",
};

export function BuyerBadge({ badge, label }: { badge: Badge; label: string }) {
  return (
    <span
      data-badge={badge}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[badge]}`}
    >
      {label}
    </span>
  );
}

/** The badge and the numbers, as the order list and the order page show them. */
export function BuyerRecordLine({ record }: { record: { badge: Badge; label: string; numbers: string; rate: string } }) {
  return (
    <span className="flex flex-col gap-0.5" data-testid="buyer-record">
      <span className="flex flex-wrap items-center gap-2">
        <BuyerBadge badge={record.badge} label={record.label} />
        <span className="text-xs text-stone-600">{record.rate}</span>
      </span>
      <span className="text-xs text-stone-600">{record.numbers}</span>
    </span>
  );
}
