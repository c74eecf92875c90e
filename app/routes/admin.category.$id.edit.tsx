import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { z } from "zod";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { BanglaHint } from "~/components/admin/RichTextField";
import { requireAdmin } from "~/web/guards.server";
import { getCategory, updateCategory } from "~/models/catalogue/category.server";
import { notFound } from "~/models/platform/errors.server";
import { categorySchema } from "~/schemas/category";
import { loadAdminData, saveAdminForm, toId } from "~/web/admin.server";
import { useZodForm } from "~/hooks/use-zod-form";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const category = await loadAdminData(async () => {
    const id = toId(params.id);
    if (!id) throw notFound("Category");
    return getCategory(id);
  });
  return json({ category });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const save = (value: z.output<typeof categorySchema>) => {
    const id = toId(params.id);
    if (!id) throw notFound("Category");
    return updateCategory(admin, id, value);
  };
  return saveAdminForm(request, await request.formData(), categorySchema, save, {
    to: "/admin/categorylist",
    toast: "Category updated",
    fallback: "Error updating category",
  });
}

export default function EditCategory() {
  const { category } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(categorySchema, {
    lastResult,
    defaultValue: { name: category.name, nameBn: category.nameBn ?? "" },
  });

  return (
    <section className="mx-auto max-w-xl">
      <Link to="/admin/categorylist" className="text-sm text-brand-700 hover:underline">
        ← Back to categories
      </Link>
      <Link to={`/admin/category/${category.id}/size-guide`} className="ml-4 text-sm text-brand-700 hover:underline">
        Size guide →
      </Link>
      <div className="mt-3">
        <AdminHeader title="Edit Category" />
      </div>
      <Form method="post" {...getFormProps(form)} className="card space-y-5 p-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.name.id} className="label">
            Name
          </label>
          <input {...getInputProps(fields.name, { type: "text" })} className="input" />
          <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div>
          <label htmlFor={fields.nameBn.id} className="label">
            Name (Bangla)
          </label>
          <input {...getInputProps(fields.nameBn, { type: "text" })} lang="bn" className="input" />
          <BanglaHint />
          <FieldErrors id={fields.nameBn.errorId} errors={fields.nameBn.errors} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Update"}
          </button>
          <Link to="/admin/categorylist" className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit category — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/categorylist", label: "Back to categories" }} />;
}
