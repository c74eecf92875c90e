import type { ReactNode } from "react";

/** Errors of one field, referenced by the field's aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** Errors about the whole form (or the server's message), announced to screen readers; `children` follow them (a link to fix it). */
export function FormAlert({ id, errors, children }: { id?: string; errors?: (string | null | undefined)[] | null; children?: ReactNode }) {
  const shown = (errors ?? []).filter((e): e is string => Boolean(e));
  if (!shown.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {shown.map((e) => (
        <p key={e}>{e}</p>
      ))}
      {children}
    </div>
  );
}
