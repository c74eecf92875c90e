import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { FormAlert } from "~/components/AuthForm";
import { Pagination } from "~/components/Pagination";
import { requireAdmin } from "~/models/auth.server";
import { ServiceError } from "~/models/errors.server";
import { getSession, redirectWithToast } from "~/models/session.server";
import { adminDeleteUser, listUsersPage, userPageCount } from "~/models/user.server";
import { parsePageNumber } from "~/utils/paging";

const pageHref = (n: number) => (n === 1 ? "/admin/userlist" : `/admin/userlist?page=${n}`);
const pageOf = (request: Request) => parsePageNumber(new URL(request.url).searchParams.get("page"));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageOf(request);
  const list = await listUsersPage(page);
  // A stale link past the end shows the last page.
  if (page > list.pages) throw redirect(pageHref(list.pages));
  return json(list);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const id = Number(formData.get("userId"));
  if (formData.get("intent") !== "delete" || !Number.isSafeInteger(id) || id < 1) {
    return json({ error: "Unknown action" }, { status: 400 });
  }
  try {
    await adminDeleteUser(admin, id);
  } catch (error) {
    if (error instanceof ServiceError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
  // Back to the admin's page, or the new last one if that page is gone.
  const page = Math.min(pageOf(request), await userPageCount());
  return redirectWithToast(pageHref(page), "User deleted", { session: await getSession(request) });
}

export default function UserList() {
  const { users, page, pages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h1 id="users-heading" className="text-2xl font-bold tracking-tight">
        Users
      </h1>
      <FormAlert errors={actionData?.error ? [actionData.error] : undefined} />
      <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="table-basic">
          <thead>
            <tr>
              <th>ID</th>
              <th>Name</th>
              <th>Email</th>
              <th>Admin</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
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
                <td>{u.isAdmin ? null : <UserActions user={u} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pages={pages} href={pageHref} />
    </section>
  );
}

/** Edit and delete, shown only for non-admins (admins cannot manage each other). */
function UserActions({ user }: { user: { id: number; name: string } }) {
  return (
    <div className="flex items-center gap-2">
      <Link to={`/admin/user/${user.id}/edit`} className="btn-secondary px-3 py-1 text-xs" aria-label={`Edit ${user.name}`}>
        Edit
      </Link>
      {/* With JavaScript a confirm() guards the delete; without, the form posts as is. */}
      <Form
        method="post"
        onSubmit={(event) => {
          if (!confirm("Are you sure?")) event.preventDefault();
        }}
      >
        <input type="hidden" name="userId" value={user.id} />
        <button
          type="submit"
          name="intent"
          value="delete"
          className="btn-danger px-3 py-1 text-xs"
          aria-label={`Delete ${user.name}`}
        >
          Delete
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Users — Admin — TanaBana" }];
