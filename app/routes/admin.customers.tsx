import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { FormAlert } from "~/components/admin/FormErrors";
import { Pagination } from "~/components/catalogue/Pagination";
import { BadgeFilter } from "~/components/customers/BadgeFilter";
import { BlockedEmails } from "~/components/customers/BlockedEmails";
import { CustomerCard } from "~/components/customers/CustomerCard";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { blockEmail, listBlockedEmails, setPhone, unblockEmail } from "~/models/customers/index.server";
import { listCustomersByPhone } from "~/models/orders/phone-customers.server";
import { BADGES, emailBlockSchema, phoneFormSchema, type Badge } from "~/schemas/customer-phone";
import { parsePageNumber } from "~/utils/paging";
import { recordLang, recordView } from "~/web/buyer-record-view.server";
import { parseForm } from "~/web/form.server";
import { requireAdmin } from "~/web/guards.server";

// Customers by phone (issue 37): guests and accounts together, because most cash-on-delivery
// buyers never make an account. The record of each number, the admin's note, and the blocklist.

const isBadge = (v: string | null): v is Badge => (BADGES as readonly string[]).includes(v ?? "");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // "keyword" from the search box, "q" from an order page's link.
  const q = (params.get("keyword") ?? params.get("q") ?? "").trim().slice(0, 40);
  const badgeParam = params.get("badge");
  const badge = isBadge(badgeParam) ? badgeParam : null;
  const lang = recordLang(request);
  const [{ customers, page, pages, total }, emails] = await Promise.all([
    listCustomersByPhone({ page: parsePageNumber(params.get("page")), q, badge }),
    listBlockedEmails(),
  ]);
  return json({
    q,
    badge,
    lang,
    page,
    pages,
    total,
    customers: customers.map((c) => ({ ...recordView(c, lang), name: c.name, accounts: c.accounts, lastOrderAt: c.lastOrderAt })),
    emails: emails.map((e) => ({ email: e.email, reason: e.reason })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const back = new URL(request.url);
  const to = `${back.pathname}${back.search}`;
  const session = await getSession(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "block-email" || intent === "unblock-email") {
    if (intent === "unblock-email") {
      await unblockEmail(admin, String(form.get("email") ?? ""));
      return redirectWithToast(to, "E-mail address unblocked", { session });
    }
    form.delete("intent");
    const submission = parseForm(form, { schema: emailBlockSchema });
    if (submission.status !== "success") return json({ emailReply: submission.reply(), phoneError: null }, { status: 400 });
    await blockEmail(admin, submission.value.email, submission.value.reason);
    return redirectWithToast(to, "E-mail address blocked", { session });
  }
  const submission = parseForm(form, { schema: phoneFormSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.reply().error ?? {}).flat();
    return json({ emailReply: null, phoneError: { phone: String(form.get("phone") ?? ""), message: errors[0] ?? "Check the form" } }, { status: 400 });
  }
  const { phone, intent: what, note, reason } = submission.value;
  const input = what === "note" ? { note: note ?? "" } : what === "block" ? { blocked: true, reason } : { blocked: false };
  await setPhone(admin, phone, input);
  return redirectWithToast(to, what === "note" ? "Note saved" : what === "block" ? "Number blocked" : "Number unblocked", { session });
}

export default function Customers() {
  const { q, badge, lang, page, pages, total, customers, emails } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const href = (b: Badge | null, l: string, n = 1) => {
    const p = new URLSearchParams();
    if (q) p.set("keyword", q);
    if (b) p.set("badge", b);
    if (l === "bn") p.set("lang", "bn");
    if (n > 1) p.set("page", String(n));
    const s = p.toString();
    return s ? `/admin/customers?${s}` : "/admin/customers";
  };
  return (
    <section className="space-y-4">
      <AdminHeader title="Customers by phone">
        <AdminSearch
          action="/admin/customers"
          label="Search by phone number"
          placeholder="017…"
          keyword={q}
          keep={Object.fromEntries([...(badge ? [["badge", badge]] : []), ...(lang === "bn" ? [["lang", "bn"]] : [])])}
        />
      </AdminHeader>
      <p className="text-sm text-stone-600">
        Every number that has ordered, guests and accounts together ({total}). The badge comes from this shop&apos;s delivered, returned and never-confirmed
        orders (the courier&apos;s record stands in for a number new here); the thresholds are under{" "}
        <Link to="/admin/settings" className="text-brand-700 underline">
          Settings
        </Link>
        . A blocked number or e-mail is asked to call the shop at checkout, and is never told it is blocked.
      </p>
      <BadgeFilter current={badge} lang={lang} href={(b, l) => href(b, l)} />
      {result?.phoneError ? <FormAlert errors={[`${result.phoneError.phone}: ${result.phoneError.message}`]} /> : null}
      {customers.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No customers found</p>
      ) : (
        <ul aria-label="Customers" className="space-y-3">
          {customers.map((c) => (
            <CustomerCard key={c.phone} customer={c} busy={busy} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} href={(n) => href(badge, lang, n)} />
      <BlockedEmails emails={emails} busy={busy} errors={result?.emailReply?.error ?? undefined} />
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary fallback="Customers could not be loaded" back={{ to: "/admin", label: "Back to the dashboard" }} />;
}

export const meta: MetaFunction = () => [{ title: "Customers by phone — Admin — TanaBana" }];
