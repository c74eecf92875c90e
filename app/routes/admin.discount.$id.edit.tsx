import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { z } from "zod";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { DiscountRateFields } from "~/components/admin/DiscountFields";
import { discountTarget } from "~/components/admin/discount-label";
import { FormAlert } from "~/components/admin/FormErrors";
import { requireAdmin } from "~/web/guards.server";
import { notFound } from "~/models/platform/errors.server";
import { getDiscount, updateDiscount } from "~/models/catalogue/discount.server";
import { discountUpdateFormSchema } from "~/schemas/discount";
import { loadAdminData, saveAdminForm, toId } from "~/web/admin.server";
import { useZodForm } from "~/hooks/use-zod-form";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const discount = await loadAdminData(async () => {
    const id = toId(params.id);
    if (!id) throw notFound("Discount");
    return getDiscount(admin, id);
  }, "Error fetching discount");
  return json({ discount });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const save = (value: z.output<typeof discountUpdateFormSchema>) => {
    const id = toId(params.id);
    if (!id) throw notFound("Discount");
    return updateDiscount(admin, id, value);
  };
  return saveAdminForm(request, await request.formData(), discountUpdateFormSchema, save, {
    to: "/admin/discountlist",
    toast: "Discount updated successfully",
    fallback: "Error updating discount",
  });
}

export default function EditDiscount() {
  const { discount } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(discountUpdateFormSchema, {
    lastResult,
    defaultValue: { percentage: String(discount.percentage), isActive: discount.isActive ? "on" : undefined },
  });

  return (
    <section className="mx-auto max-w-xl">
      <Link to="/admin/discountlist" className="text-sm text-brand-700 hover:underline">
        ← Back to discounts
      </Link>
      <div className="mt-3">
        <AdminHeader title="Edit Discount" />
      </div>
      <Form method="post" {...getFormProps(form)} className="card space-y-5 p-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <dl className="text-sm">
          <dt className="font-semibold text-stone-700">Applies to</dt>
          <dd className="mt-1">{discountTarget(discount)}</dd>
        </dl>
        <DiscountRateFields percentage={fields.percentage} isActive={fields.isActive} busy={busy} submitLabel="Update" busyLabel="Saving…" />
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit discount — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary fallback="Error fetching discount" back={{ to: "/admin/discountlist", label: "Back to discounts" }} />;
}
