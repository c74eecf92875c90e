import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { CaptureBanner, MailStatus } from "~/components/admin/MailStatus";
import { Pagination } from "~/components/Pagination";
import { requireAdmin } from "~/models/accounts/auth.server";
import { listMail } from "~/models/mail/admin-mail.server";
import { mailIsCapturedInProduction } from "~/models/mail/transport.server";
import { loadAdminData } from "~/utils/admin.server";
import { parsePageNumber } from "~/utils/paging";
import { shopDateTime } from "~/utils/shop-time";

// Every message the shop has queued, newest first, 25 a page, searchable by recipient.

function pageHref(page: number, keyword = "") {
  const params = new URLSearchParams();
  if (keyword) params.set("keyword", keyword);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/mail?${query}` : "/admin/mail";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const page = parsePageNumber(params.get("page"));
  const keyword = params.get("keyword")?.trim() ?? "";
  const list = await loadAdminData(() => listMail({ page, to: keyword }));
  if (page > list.pages) throw redirect(pageHref(list.pages, keyword));
  return json({ ...list, keyword, capturing: !process.env.SMTP_URL, production: mailIsCapturedInProduction() });
}

export default function MailList() {
  const { messages, page, pages, keyword, capturing, production } = useLoaderData<typeof loader>();
  return (
    <section>
      <AdminHeader title="Mail">
        <AdminSearch action="/admin/mail" label="Search by recipient" placeholder="Recipient" keyword={keyword} />
      </AdminHeader>
      {capturing ? <CaptureBanner production={production} /> : null}
      {messages.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No messages</p>
      ) : (
        <AdminTable>
          <thead>
            <tr>
              {["Queued (Dhaka time)", "To", "Subject", "Status", "Attempts"].map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {messages.map((m) => (
              <tr key={m.id}>
                <td className="whitespace-nowrap tabular-nums text-stone-600">{shopDateTime(new Date(m.createdAt))}</td>
                <td className="break-all">{m.to}</td>
                <td>
                  <Link to={`/admin/mail/${m.id}`} className="font-medium text-brand-700 hover:underline">
                    {m.subject ?? `(${m.template}, not rendered yet)`}
                  </Link>
                  {m.lastError ? <p className="mt-1 text-xs text-red-800">{m.lastError}</p> : null}
                </td>
                <td>
                  <MailStatus status={m.status} />
                </td>
                <td className="tabular-nums">{m.attempts}</td>
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
