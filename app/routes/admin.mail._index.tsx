import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { CaptureBanner, MailHealthBanner, MailStatus } from "~/components/admin/MailStatus";
import { Pagination } from "~/components/catalogue/Pagination";
import { requireAdmin } from "~/web/guards.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { listMail, retryAllFailedMail } from "~/models/mail/admin-mail.server";
import { mailIsCapturedInProduction } from "~/models/mail/transport.server";
import { loadAdminData } from "~/web/admin.server";
import { describeQueueHealth, mailHealth } from "~/web/health.server";
import { parsePageNumber } from "~/utils/paging";
import { shopDateTime } from "~/utils/shop-time";
import { currentSmsAlert } from "~/models/orders/anti-drain.server";
import { SmsBudgetBanner } from "~/components/admin/SmsBudgetBanner";

// Every message the shop has queued, newest first, 25 a page, searchable by recipient.

function pageHref(page: number, keyword = "") {
  const params = new URLSearchParams();
  if (keyword) params.set("keyword", keyword);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/mail?${query}` : "/admin/mail";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const page = parsePageNumber(params.get("page"));
  const keyword = params.get("keyword")?.trim() ?? "";
  const [list, health, smsAlert] = await loadAdminData(() => Promise.all([listMail(admin, { page, to: keyword }), mailHealth(), currentSmsAlert()]));
  if (page > list.pages) throw redirect(pageHref(list.pages, keyword));
  const said = describeQueueHealth(health);
  return json({
    ...list,
    keyword,
    smsAlert,
    capturing: !process.env.SMTP_URL,
    production: mailIsCapturedInProduction(),
    health: { ok: health.mailOk, stuck: health.stuck, workerDown: !health.mailOk && !health.stuck, failed: health.failed, ...said },
  });
}

/** "Retry all failed": every failed message queued again at once (issue 31 #5). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const queued = await retryAllFailedMail(admin);
  const session = await getSession(request);
  return redirectWithToast(
    "/admin/mail",
    queued > 0
      ? { type: "success", message: `${queued} failed ${queued === 1 ? "message" : "messages"} queued again` }
      : { type: "error", message: "No failed messages to retry" },
    { session },
  );
}

const COLUMNS: [string, boolean][] = [
  ["Queued (Dhaka time)", false],
  ["To", false],
  ["Subject", true],
  ["Status", true],
  ["Attempts", false],
];

export default function MailList() {
  const { messages, page, pages, keyword, capturing, production, health, smsAlert } = useLoaderData<typeof loader>();
  return (
    <section>
      <AdminHeader title="Mail">
        <AdminSearch action="/admin/mail" label="Search by recipient" placeholder="Recipient" keyword={keyword} />
      </AdminHeader>
      {capturing ? <CaptureBanner production={production} /> : null}
      <MailHealthBanner health={health} />
      <SmsBudgetBanner alert={smsAlert} />
      {health.failed > 0 ? (
        <Form method="post" className="mb-4">
          <button type="submit" className="btn-primary">
            Retry all failed ({health.failed})
          </button>
        </Form>
      ) : null}
      {messages.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No messages</p>
      ) : (
        <AdminTable fitsPhone>
          <thead>
            <tr>
              {/* On a phone only Subject and Status (issue 41 item 2); the subject cell then says who and when. */}
              {COLUMNS.map(([c, phone]) => (
                <th key={c} className={phone ? undefined : "hidden sm:table-cell"}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {messages.map((m) => (
              <tr key={m.id}>
                <td className="hidden whitespace-nowrap tabular-nums text-stone-600 sm:table-cell">{shopDateTime(new Date(m.createdAt))}</td>
                <td className="hidden !whitespace-normal break-all sm:table-cell">{m.to}</td>
                {/* Subjects and errors wrap, so the status column stays on screen at 1280 px. */}
                <td className="!whitespace-normal sm:min-w-[14rem]">
                  <Link to={`/admin/mail/${m.id}`} className="break-words font-semibold text-brand-700 hover:underline">
                    {m.subject ?? `(${m.template}, not rendered yet)`}
                  </Link>
                  <p className="mt-1 break-all text-xs text-stone-600 sm:hidden">
                    {m.to} · {shopDateTime(new Date(m.createdAt))}
                  </p>
                  {m.lastError ? <p className="mt-1 break-words text-xs text-red-800">{m.lastError}</p> : null}
                </td>
                {/* On a phone the status may wrap ("Captured / (not sent)") rather than run off the screen. */}
                <td className="w-28 !whitespace-normal sm:w-auto sm:!whitespace-nowrap">
                  <MailStatus status={m.status} />
                </td>
                <td className="hidden tabular-nums sm:table-cell">{m.attempts}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} href={(n) => pageHref(n, keyword)} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Mail — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
