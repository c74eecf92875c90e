import { Form, Link } from "@remix-run/react";

import { COURIER_LABEL } from "./courier-label";

export const BULK_FORM_ID = "bulk-book";

type Result = { bookError?: string; booked?: { id: string; orderNumber: string; trackingNumber: string | null }[]; failed?: { id: string; message: string }[] };

/**
 * Books the ticked orders of the list with one courier (issue 36): the tick boxes in the list
 * belong to this form by its id, so it is one plain POST with JavaScript off. The answer lists
 * what was booked and, next to each other order, why not.
 */
export function BulkBookForm({ couriers, result, busy, names }: { couriers: string[]; result?: Result; busy: boolean; names: Record<string, string> }) {
  return (
    <div className="card mb-4 space-y-2 p-4 text-sm">
      <Form method="post" id={BULK_FORM_ID} className="flex flex-wrap items-end gap-2">
        {couriers.length ? (
          <>
            <input type="hidden" name="intent" value="book" />
            <label className="flex flex-col gap-1">
              <span className="font-semibold">Book the selected confirmed orders with</span>
              <select name="courier" className="input" defaultValue={couriers[0]}>
                {couriers.map((c) => (
                  <option key={c} value={c}>
                    {COURIER_LABEL[c] ?? c}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn-primary" disabled={busy}>
              Book Selected
            </button>
          </>
        ) : null}
        <PrintButtons />
      </Form>
      {result?.bookError ? (
        <p role="alert" className="text-red-800">
          {result.bookError}
        </p>
      ) : null}
      {result?.booked ? (
        <div role="status" className="space-y-1">
          <p className="font-semibold">
            {result.booked.length} booked{result.failed?.length ? `, ${result.failed.length} not booked` : ""}.
          </p>
          {result.failed?.length ? (
            <ul className="list-disc pl-5 text-red-800">
              {result.failed.map((f) => (
                <li key={f.id}>
                  <Link to={`/admin/order/${f.id}`} className="underline">
                    {names[f.id] ?? "An order"}
                  </Link>
                  : {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The picklist and labels of the ticked orders (issue 36 item 6): the same form's tick boxes sent
 * as a GET to the print pages; with none ticked, those pages take every order ready to ship.
 */
function PrintButtons() {
  return (
    <span className="flex flex-wrap gap-2 sm:ml-auto">
      <button type="submit" formMethod="get" formAction="/admin/picklist" className="btn-secondary">
        Picklist
      </button>
      <button type="submit" formMethod="get" formAction="/admin/labels" className="btn-secondary">
        Labels
      </button>
    </span>
  );
}
