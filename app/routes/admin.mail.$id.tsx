import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { CaptureBanner, MailStatus } from "~/components/admin/MailStatus";
import { requireAdmin } from "~/web/guards.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { getMail, retryMail } from "~/models/mail/admin-mail.server";
import { mailIsCapturedInProduction } from "~/models/mail/transport.server";
import { notFound } from "~/models/platform/errors.server";
import { loadAdminData } from "~/web/admin.server";
import { shopDateTime } from "~/utils/shop-time";

// One message as its recipient sees it: the HTML part in a sandboxed frame
// (its own styles, no scripts, links open in a new tab) and the text part.

/** A missing or malformed id is the admin's 404 page (issue 27 item 14), never a 500. */
const missing = () => json({ message: notFound("Message").message }, { status: 404 });

function mailId(raw: string | undefined) {
  if (!raw || !/^\d{1,18}$/.test(raw)) throw missing();
  return BigInt(raw);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = mailId(params.id);
  const message = await loadAdminData(() => getMail(admin, id));
  if (!message) throw missing();
  return json({ message, capturing: !process.env.SMTP_URL, production: mailIsCapturedInProduction() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = mailId(params.id);
  const queued = await retryMail(admin, id);
  const session = await getSession(request);
  return redirectWithToast(
    `/admin/mail/${id}`,
    queued ? { type: "success", message: "Queued again" } : { type: "error", message: "Only a failed message can be retried" },
    { session },
  );
}

/** The mail's own document, with links sent to a new tab (the frame may not navigate the back office). */
function frameDocument(html: string) {
  return html.replace(/<head>/i, '<head><base target="_blank">');
}

export default function MailDetail() {
  const { message: m, capturing, production } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <p>
        <Link to="/admin/mail" className="text-sm font-semibold text-brand-700 hover:underline">
          ← All mail
        </Link>
      </p>
      <AdminHeader title={m.subject ?? `${m.template} (not rendered yet)`} />
      {capturing ? <CaptureBanner production={production} /> : null}
      <dl className="card grid gap-x-6 gap-y-2 p-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-stone-600">To</dt>
        <dd className="break-all">{m.to}</dd>
        <dt className="font-semibold text-stone-600">Status</dt>
        <dd>
          <MailStatus status={m.status} /> after {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
        </dd>
        <dt className="font-semibold text-stone-600">Queued</dt>
        <dd className="tabular-nums">{shopDateTime(new Date(m.createdAt))} (Dhaka time)</dd>
        {m.sentAt ? (
          <>
            <dt className="font-semibold text-stone-600">{m.status === "captured" ? "Captured" : "Sent"}</dt>
            <dd className="tabular-nums">{shopDateTime(new Date(m.sentAt))} (Dhaka time)</dd>
          </>
        ) : null}
        {m.lastError ? (
          <>
            <dt className="font-semibold text-stone-600">{m.status === "skipped" ? "Why" : "Last error"}</dt>
            <dd className={m.status === "skipped" ? "" : "text-red-800"}>{m.lastError}</dd>
          </>
        ) : null}
      </dl>
      {m.status === "failed" ? (
        <Form method="post">
          <button type="submit" className="btn-primary">
            Retry sending
          </button>
        </Form>
      ) : null}
      {m.html ? (
        <>
          <h2 className="text-lg font-semibold">HTML part</h2>
          <iframe
            title="The message as HTML"
            srcDoc={frameDocument(m.html)}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            className="h-[36rem] w-full rounded-md border border-stone-200 bg-white"
          />
          <h2 className="text-lg font-semibold">Text part</h2>
          <pre className="card overflow-x-auto whitespace-pre-wrap break-words p-4 text-sm">{m.text}</pre>
        </>
      ) : (
        <p className="card p-4 text-sm text-stone-600">Not rendered yet: the message shows here once the worker has sent or captured it.</p>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.message.subject ?? "Mail"} — Admin — TanaBana` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
