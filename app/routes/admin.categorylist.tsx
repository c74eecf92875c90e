import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminTableHead, RowActions } from "~/components/admin/RowActions";
import { askToConfirm, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { requireAdmin } from "~/web/guards.server";
import { createCategory, DEFAULT_CATEGORY_ID, deleteCategory, getCategory, listCategories } from "~/models/catalogue/category.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { categorySchema } from "~/schemas/category";
import { adminWrite, loadAdminData, toId } from "~/web/admin.server";
import { useHydrated } from "~/hooks/use-hydrated";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ categories: await loadAdminData(listCategories), defaultId: DEFAULT_CATEGORY_ID });
}

type ActionData = ListActionData & { nameErrors?: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const session = await getSession(request);

  if (intent === "create") {
    const submission = parseForm(formData, { schema: categorySchema });
    if (submission.status !== "success") {
      return json<ActionData>({ nameErrors: submission.error?.name ?? ["Name is required"] }, { status: 400 });
    }
    return adminWrite(async () => {
      await createCategory(admin, submission.value);
      return redirectWithToast("/admin/categorylist", "Category created successfully", { session });
    }, "Error creating category");
  }

  const id = toId(formData.get("id"));
  if (intent !== "delete" || !id) return json<ActionData>({ formError: "Unknown action" }, { status: 400 });
  return adminWrite(async () => {
    const category = await getCategory(id);
    const confirm = askToConfirm(formData, {
      intent: "delete",
      fields: { id: String(id) },
      detail: `Delete the category “${category.name}”? Its products move to the default category.`,
      confirmLabel: "Yes, delete category",
    });
    if (confirm) return json<ActionData>({ confirm });
    await deleteCategory(admin, id);
    return redirectWithToast("/admin/categorylist", "Category deleted successfully", { session });
  }, "Error deleting category");
}

export default function CategoryList() {
  const { categories, defaultId } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <section>
      <AdminHeader title="Categories">
        <CreateCategory errors={actionData?.nameErrors} />
      </AdminHeader>
      <ListActionResult data={actionData} />
      {categories.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No categories found</p>
      ) : (
        <AdminTable>
          <AdminTableHead columns={["ID", "Name"]} />
          <tbody className="divide-y divide-stone-100">
            {categories.map((c) => (
              <tr key={c.id}>
                <td className="font-mono text-xs">{c.id}</td>
                <td>{c.name}</td>
                <td>
                  {/* The catch-all category takes the products of deleted ones: it stays. */}
                  <RowActions editTo={`/admin/category/${c.id}/edit`} id={c.id} name={c.name} canDelete={c.id !== defaultId} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

/**
 * "Create Category via a name prompt": with JavaScript the button asks with
 * prompt(); without, the same post comes from a small inline form.
 */
function CreateCategory({ errors }: { errors?: string[] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  if (hydrated) {
    return (
      <div className="text-right">
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={() => {
            const name = window.prompt("Enter category name");
            if (name?.trim()) submit({ intent: "create", name: name.trim() }, { method: "post" });
          }}
        >
          Create Category
        </button>
        <FormAlert errors={errors} />
      </div>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-start gap-2">
      <div>
        <label htmlFor="new-category" className="sr-only">
          Category name
        </label>
        <input
          id="new-category"
          name="name"
          placeholder="New category name"
          required
          maxLength={50}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? "new-category-error" : undefined}
          className="input"
        />
        <FieldErrors id="new-category-error" errors={errors} />
      </div>
      <button type="submit" name="intent" value="create" className="btn-primary">
        Create Category
      </button>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Categories — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
