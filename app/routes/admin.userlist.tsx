import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { askToConfirm, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { RowActions } from "~/components/admin/RowActions";
import { Pagination } from "~/components/catalogue/Pagination";
import { requireAdmin } from "~/web/guards.server";
import { listCustomersPage, type CustomerDTO } from "~/models/orders/customer-list.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { adminDeleteUser, getUserById, userActions, type UserAction } from "~/models/accounts/user.server";
import { CUSTOMER_KINDS, type CustomerKind } from "~/schemas/customer";
import { adminWrite, loadAdminData, toId } from "~/web/admin.server";
import { formatTaka } from "~/utils/money";
import { parsePageNumber } from "~/utils/paging";

// The shop's customers (issue 28 item 5): accounts and guest buyers, newest
// first, 20 a page (?page=N), searchable by name, e-mail or phone (?keyword=),
// with their order count and what they paid, and a link to their orders.

const KIND_LABELS: Record<CustomerKind, string> = { all: "All", accounts: "With an account", guests: "Guests" };

type ListQuery = { page: number; keyword: string; kind: CustomerKind };

function listQuery(request: Request): ListQuery {
  const params = new URL(request.url).searchParams;
  // An unknown ?kind= lists everyone rather than failing.
  const kind = CUSTOMER_KINDS.find((k) => k === params.get("kind")) ?? "all";
  return { page: parsePageNumber(params.get("page")), keyword: params.get("keyword")?.trim() ?? "", kind };
}

function pageHref(page: number, { keyword, kind }: Omit<ListQuery, "page">) {
  const params = new URLSearchParams();
  if (keyword) params.set("keyword", keyword);
  if (kind !== "all") params.set("kind", kind);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/userlist?${query}` : "/admin/userlist";
}

/** A customer's orders, guest orders included: the order list filtered by their e-mail. */
const ordersHref = (c: CustomerDTO) => `/admin/orderlist?${new URLSearchParams({ customer: c.email })}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const query = listQuery(request);
  const list = await loadAdminData(() => listCustomersPage(query));
  // A stale link past the end shows the last page.
  if (query.page > list.pages) throw redirect(pageHref(list.pages, query));
  // Each account's buttons come from the rule the services enforce (a guest buyer has none).
  const customers = list.customers.map((c) => ({ ...c, actions: c.id === null ? [] : userActions(admin, { id: c.id, isAdmin: c.isAdmin }) }));
  return json({ ...list, customers, keyword: query.keyword, kind: query.kind });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const id = toId(formData.get("id"));
  if (formData.get("intent") !== "delete" || !id) return json<ListActionData>({ formError: "Unknown action" }, { status: 400 });
  return adminWrite(async () => {
    const confirm = askToConfirm(formData, {
      intent: "delete",
      fields: { id: String(id) },
      detail: `Delete the account of “${(await getUserById(id)).name}”? Their orders stay, visible to admins only.`,
      confirmLabel: "Yes, delete user",
    });
    if (confirm) return json<ListActionData>({ confirm });
    await adminDeleteUser(admin, id);
    // Back to the admin's page, or to the new last one if that page is gone.
    const query = listQuery(request);
    const { pages } = await listCustomersPage({ ...query, page: 1 });
    return redirectWithToast(pageHref(Math.min(query.page, pages), query), "User deleted", { session: await getSession(request) });
  }, "Error deleting user");
}

export default function UserList() {
  const { customers, page, pages, keyword, kind } = useLoaderData<typeof loader>();
  const actionData = useActionData<ListActionData>();
  // The editor returns to this page and search when done.
  const here = pageHref(page, { keyword, kind });
  const editHref = (id: number) =>
    here === "/admin/userlist" ? `/admin/user/${id}/edit` : `/admin/user/${id}/edit?${new URLSearchParams({ redirect: here })}`;
  return (
    <section>
      <AdminHeader title="Users">
        <AdminSearch
          action="/admin/userlist"
          label="Search by name, e-mail or phone"
          placeholder="Name, e-mail, phone"
          keyword={keyword}
          keep={kind === "all" ? {} : { kind }}
        />
      </AdminHeader>
      <ListActionResult data={actionData} />
      <nav aria-label="Show users" className="mb-4 flex flex-wrap gap-2">
        {CUSTOMER_KINDS.map((k) => (
          <Link
            key={k}
            to={pageHref(1, { keyword, kind: k })}
            aria-current={k === kind ? "true" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${
              k === kind ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"
            }`}
          >
            {KIND_LABELS[k]}
          </Link>
        ))}
      </nav>
      {customers.length === 0 ? <p className="card p-6 text-center text-stone-600">No users found</p> : <Customers customers={customers} editHref={editHref} />}
      <p className="mt-2 text-xs text-stone-500">
        Guests ordered without an account, known by the e-mail on their orders. Orders: placed and not cancelled. Spent: the orders marked paid.
      </p>
      <Pagination page={page} pages={pages} href={(n) => pageHref(n, { keyword, kind })} />
    </section>
  );
}

/** Cards on a phone, a table from the small-tablet width (the e-mail and phone columns come in as the width allows). */
type Row = CustomerDTO & { actions: UserAction[] };

function Customers({ customers, editHref }: { customers: Row[]; editHref: (id: number) => string }) {
  return (
    <>
      <ul aria-label="Users" className="space-y-3 sm:hidden">
        {customers.map((c) => (
          <li key={c.id ?? c.email} className="card space-y-1 p-4 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2 font-semibold">
              {c.name} <Kind customer={c} />
            </p>
            <p className="break-all text-stone-700">{c.email}</p>
            {c.phone ? <Phone phone={c.phone} /> : null}
            <p className="flex flex-wrap items-center justify-between gap-2 pt-1">
              <OrderCount customer={c} />
              <span className="font-semibold tabular-nums">{formatTaka(c.spent)}</span>
            </p>
            <Actions customer={c} editHref={editHref} />
          </li>
        ))}
      </ul>
      <div className="card relative hidden overflow-x-auto sm:block">
        <table className="table-basic">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="hidden md:table-cell">
                Email
              </th>
              <th scope="col" className="hidden xl:table-cell">
                Phone
              </th>
              <th scope="col">Orders</th>
              <th scope="col">Spent</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {customers.map((c) => (
              <tr key={c.id ?? c.email}>
                <td className="!whitespace-normal">
                  <span className="font-semibold">{c.name}</span> <Kind customer={c} />
                  <span className="block break-all text-xs text-stone-600 md:hidden">{c.email}</span>
                  {c.phone ? (
                    <span className="block text-xs xl:hidden">
                      <Phone phone={c.phone} />
                    </span>
                  ) : null}
                </td>
                <td className="hidden md:table-cell">
                  <a href={`mailto:${c.email}`} className="text-brand-700 hover:underline">
                    {c.email}
                  </a>
                </td>
                <td className="hidden xl:table-cell">{c.phone ? <Phone phone={c.phone} /> : null}</td>
                <td>
                  <OrderCount customer={c} />
                </td>
                <td className="tabular-nums">{formatTaka(c.spent)}</td>
                <td>
                  <Actions customer={c} editHref={editHref} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** "Guest" for a buyer without an account, "Admin" for an admin; nothing for a shopper's account. */
function Kind({ customer: c }: { customer: CustomerDTO }) {
  if (c.kind === "guest") return <span className="rounded bg-stone-200 px-1.5 py-0.5 text-xs font-semibold text-stone-800">Guest</span>;
  if (c.isAdmin) return <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900">Admin</span>;
  return null;
}

const Phone = ({ phone }: { phone: string }) => (
  <a href={`tel:${phone}`} className="underline underline-offset-2">
    {phone}
  </a>
);

function OrderCount({ customer: c }: { customer: CustomerDTO }) {
  return (
    <span className="tabular-nums">
      {`${c.orders} ${c.orders === 1 ? "order" : "orders"}`}
      {c.cancelled > 0 ? <span className="block text-xs text-stone-600">{`+${c.cancelled} cancelled`}</span> : null}
    </span>
  );
}

/** Their orders (everyone who ever ordered); Edit and Delete for a shopper's account (admins cannot edit each other). */
function Actions({ customer: c, editHref }: { customer: Row; editHref: (id: number) => string }) {
  const ordered = c.orders + c.cancelled > 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {ordered ? (
        <Link to={ordersHref(c)} className="btn-secondary px-3 py-1 text-xs" aria-label={`Orders of ${c.name}`}>
          Orders
        </Link>
      ) : null}
      {/* The list manages shoppers: the accounts this admin may delete. Their own account is edited from its own page. */}
      {c.id !== null && c.actions.includes("delete") ? <RowActions editTo={editHref(c.id)} id={c.id} name={c.name} /> : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.page > 1 ? `Users (page ${data.page}) — Admin — TanaBana` : "Users — Admin — TanaBana" },
];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
