import { getFormProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { DiscountRateFields } from "~/components/admin/DiscountFields";
import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { requireAdmin } from "~/web/guards.server";
import { createDiscount, discountOptions } from "~/models/catalogue/discount.server";
import { discountCreateFormSchema } from "~/schemas/discount";
import { loadAdminData, saveAdminForm } from "~/web/admin.server";
import { useZodForm } from "~/hooks/use-zod-form";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json(await loadAdminData(() => discountOptions(admin)));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return saveAdminForm(request, await request.formData(), discountCreateFormSchema, (value) => createDiscount(admin, value), {
    to: "/admin/discountlist",
    toast: "Discount created successfully",
    fallback: "Error creating discount",
  });
}

export default function CreateDiscount() {
  const { products, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(discountCreateFormSchema, {
    lastResult,
    defaultValue: { isActive: "on" },
    shouldValidate: "onSubmit",
  });

  return (
    <section className="mx-auto max-w-xl">
      <Link to="/admin/discountlist" className="text-sm text-brand-700 hover:underline">
        ← Back to discounts
      </Link>
      <div className="mt-3">
        <AdminHeader title="Create Discount" />
      </div>
      <Form method="post" {...getFormProps(form)} className="card space-y-5 p-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <p className="text-sm text-stone-600">Choose one product or one category; the discount applies to every price shown.</p>
        <div>
          <label htmlFor={fields.product.id} className="label">
            Product
          </label>
          <select {...getSelectProps(fields.product)} className="input">
            <option value="">— No product —</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.product.errorId} errors={fields.product.errors} />
        </div>
        <div>
          <label htmlFor={fields.category.id} className="label">
            Category
          </label>
          <select {...getSelectProps(fields.category)} className="input">
            <option value="">— No category —</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.category.errorId} errors={fields.category.errors} />
        </div>
        <DiscountRateFields percentage={fields.percentage} isActive={fields.isActive} busy={busy} submitLabel="Create Discount" busyLabel="Creating…" />
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Create discount — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/discountlist", label: "Back to discounts" }} />;
}
