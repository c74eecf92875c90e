import { Form } from "@remix-run/react";

/** The e-mail blocklist (issue 37): checkout with one of these is asked to call the shop. */
export function BlockedEmails({
  emails,
  busy,
  errors,
}: {
  emails: { email: string; reason: string }[];
  busy: boolean;
  errors?: Record<string, string[] | null>;
}) {
  const said = errors ? Object.values(errors).flat().filter(Boolean) : [];
  return (
    <section aria-labelledby="emails-heading" className="card space-y-3 p-4 text-sm">
      <h2 id="emails-heading" className="text-lg font-semibold">
        Blocked e-mail addresses
      </h2>
      <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="block-email" />
        <label className="flex flex-col gap-1">
          <span className="text-xs font-semibold">E-mail</span>
          <input name="email" type="email" required className="input py-1.5" />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs font-semibold">Reason</span>
          <input name="reason" required maxLength={200} className="input py-1.5" />
        </label>
        <button type="submit" className="btn-secondary" disabled={busy}>
          Block e-mail
        </button>
      </Form>
      {said.length ? (
        <p role="alert" className="text-red-700">
          {said.join(" ")}
        </p>
      ) : null}
      {emails.length === 0 ? (
        <p className="text-stone-600">None</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {emails.map((e) => (
            <li key={e.email} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="break-all">
                <strong>{e.email}</strong> — {e.reason}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="unblock-email" />
                <input type="hidden" name="email" value={e.email} />
                <button type="submit" className="text-xs font-semibold text-brand-700 underline" disabled={busy}>
                  Unblock
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
