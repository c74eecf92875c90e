import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { askToConfirm, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { AdminTableHead, RowActions } from "~/components/admin/RowActions";
import { Pagination } from "~/components/Pagination";
import { requireAdmin } from "~/models/accounts/auth.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { adminDeleteUser, getUserById, listUsersPage } from "~/models/accounts/user.server";
import { adminWrite, loadAdminData, toId } from "~/utils/admin.server";
import { parsePageNumber } from "~/utils/paging";

// Newest accounts first, 20 a page (?page=N), searchable by name or e-mail (?keyword=).

function listQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  return { page: parsePageNumber(params.get("page")), keyword: params.get("keyword")?.trim() ?? "" };
}

function pageHref(page: number, keyword = "") {
  const params = new URLSearchParams();
  if (keyword) params.set("keyword", keyword);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/userlist?${query}` : "/admin/userlist";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { page, keyword } = listQuery(request);
  const list = await loadAdminData(() => listUsersPage({ keyword, page }));
  // A stale link past the end shows the last page.
  if (page > list.pages) throw redirect(pageHref(list.pages, keyword));
  return json({ ...list, keyword });
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
    const { page, keyword } = listQuery(request);
    const { pages } = await listUsersPage({ keyword, page: 1 });
    return redirectWithToast(pageHref(Math.min(page, pages), keyword), "User deleted", { session: await getSession(request) });
  }, "Error deleting user");
}

export default function UserList() {
  const { users, page, pages, keyword } = useLoaderData<typeof loader>();
  const actionData = useActionData<ListActionData>();
  // The editor returns to this page and search when done.
  const here = pageHref(page, keyword);
  const editHref = (id: number) =>
    here === "/admin/userlist" ? `/admin/user/${id}/edit` : `/admin/user/${id}/edit?${new URLSearchParams({ redirect: here })}`;
  return (
    <section>
      <AdminHeader title="Users">
        <AdminSearch action="/admin/userlist" label="Search by name or e-mail" placeholder="Name or e-mail" keyword={keyword} />
      </AdminHeader>
      <ListActionResult data={actionData} />
      {users.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No users found</p>
      ) : (
        <AdminTable>
          <AdminTableHead columns={["ID", "Name", "Email", "Admin"]} />
          <tbody className="divide-y divide-stone-100">
            {users.map((u) => (
              <tr key={u.id}>
                <td className="tabular-nums text-stone-600">{u.id}</td>
                <td>{u.name}</td>
                <td>
                  <a href={`mailto:${u.email}`} className="text-brand-700 hover:underline">
                    {u.email}
                  </a>
                </td>
                <td>
                  {u.isAdmin ? (
                    <span className="font-semibold text-green-700">
                      ✓<span className="sr-only">Admin</span>
                    </span>
                  ) : (
                    <span className="text-red-700">
                      ✗<span className="sr-only">Not admin</span>
                    </span>
                  )}
                </td>
                {/* Admins cannot edit or delete each other: no actions on admin rows. */}
                <td>{u.isAdmin ? null : <RowActions editTo={editHref(u.id)} id={u.id} name={u.name} />}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} href={(n) => pageHref(n, keyword)} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.page > 1 ? `Users (page ${data.page}) — Admin — TanaBana` : "Users — Admin — TanaBana" },
];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
