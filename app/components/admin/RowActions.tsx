import { Link } from "@remix-run/react";

import { ConfirmButton } from "./Confirm";

/** Column headings of an admin table; the last column holds each row's actions. */
export function AdminTableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c}>{c}</th>
        ))}
        <th>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/**
 * Edit link and a confirmed Delete (posting intent "delete" with the row's id)
 * for one admin row. Delete is a quiet outline: on every row a solid red
 * button drew the eye away from the data; the confirmation step stays.
 */
export function RowActions({ editTo, id, name, canDelete = true }: { editTo: string; id: number; name: string; canDelete?: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <Link to={editTo} className="btn-secondary px-3 py-1 text-xs" aria-label={`Edit ${name}`}>
        Edit
      </Link>
      {canDelete ? (
        <ConfirmButton
          intent="delete"
          fields={{ id: String(id) }}
          className="btn border border-red-300 bg-white px-3 py-1 text-xs text-red-700 hover:bg-red-50"
          label={`Delete ${name}`}
        >
          Delete
        </ConfirmButton>
      ) : null}
    </div>
  );
}
