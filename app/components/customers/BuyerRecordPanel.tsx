import { Link } from "@remix-run/react";

import type { RecordView } from "~/web/buyer-record-view.server";

import { BuyerRecordLine } from "./BuyerBadge";

/** The buyer's record on the admin order page (issue 37): the shop's numbers, the courier's, the note. */
export function BuyerRecordPanel({ record }: { record: RecordView }) {
  return (
    <div className="mt-3 space-y-1 border-t border-stone-200 pt-3" aria-label="Buyer's record">
      <BuyerRecordLine record={record} />
      <p className="text-xs text-stone-600">{record.courier}</p>
      {record.note ? <p className="text-xs">Note: {record.note}</p> : null}
      <Link to={`/admin/customers?q=${record.phone}`} className="text-xs font-semibold text-brand-700 underline">
        This number in Customers by phone
      </Link>
    </div>
  );
}
