import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { useHydrated } from "~/hooks/use-hydrated";

import { FormAlert } from "./FormErrors";

export const CONFIRM_MESSAGE = "Are you sure?";

/** What the no-JavaScript confirmation step must post again. */
export type ConfirmRequest = { intent: string; fields: Record<string, string>; detail: string; confirmLabel: string };

/**
 * A button whose form posts only after "Are you sure?". With JavaScript the
 * browser's confirm() asks and the post carries `confirmed=yes`; without, the
 * first post lacks it and the action answers with `askToConfirm`, which the
 * page shows as a second step (<ConfirmStep>).
 */
export function ConfirmButton({
  intent,
  fields = {},
  className = "btn-danger",
  label,
  children,
}: {
  intent: string;
  fields?: Record<string, string>;
  className?: string;
  /** Accessible name, e.g. "Delete Blue Panjabi". */
  label?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      className="inline"
      onSubmit={(event) => {
        if (!window.confirm(CONFIRM_MESSAGE)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? <input type="hidden" name="confirmed" value="yes" /> : null}
      <button type="submit" className={className} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/** Server side: null when the post was confirmed, else the second step to show. */
export function askToConfirm(
  formData: FormData,
  { intent, fields = {}, detail, confirmLabel }: Omit<ConfirmRequest, "fields"> & { fields?: Record<string, string> },
): ConfirmRequest | null {
  if (formData.get("confirmed") === "yes") return null;
  return { intent, fields, detail, confirmLabel };
}

/** The no-JavaScript confirmation step. */
export function ConfirmStep({ request }: { request?: ConfirmRequest | null }) {
  const location = useLocation();
  if (!request) return null;
  return (
    <section aria-labelledby="confirm-title" className="card mb-6 border-amber-300 bg-amber-50 p-4">
      <h2 id="confirm-title" className="text-lg font-semibold">
        {CONFIRM_MESSAGE}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{request.detail}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={request.intent} />
        {Object.entries(request.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn-danger">
          {request.confirmLabel}
        </button>
        <Link to={location.pathname + location.search} className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/**
 * What a list page's action answers short of a redirect: a step to confirm, or
 * why the write failed (with, where the admin can put it right elsewhere, a link there).
 */
export type ListActionData = { formError?: string; confirm?: ConfirmRequest; fix?: { to: string; label: string } };

/** Above a list: the no-JavaScript confirmation step, or the failed write's message. */
export function ListActionResult({ data }: { data?: ListActionData | null }) {
  return (
    <>
      <ConfirmStep request={data?.confirm} />
      <div className="mb-4">
        <FormAlert errors={[data?.formError]}>
          {data?.formError && data.fix ? (
            <Link to={data.fix.to} className="mt-1 inline-block font-semibold underline">
              {data.fix.label}
            </Link>
          ) : null}
        </FormAlert>
      </div>
    </>
  );
}
