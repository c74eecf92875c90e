import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { CouponForm } from "~/components/admin/CouponFields";
import { requireAdmin } from "~/web/guards.server";
import { createCoupon } from "~/models/orders/coupon.server";
import { couponFormSchema } from "~/schemas/coupon";
import { saveAdminForm } from "~/web/admin.server";
import { useZodForm } from "~/hooks/use-zod-form";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return saveAdminForm(request, await request.formData(), couponFormSchema, (value) => createCoupon(admin, value), {
    to: "/admin/couponlist",
    toast: "Coupon created",
    fallback: "Error creating coupon",
  });
}

export default function CreateCoupon() {
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(couponFormSchema, { lastResult, defaultValue: { active: "on" }, shouldValidate: "onSubmit" });
  return (
    <section className="mx-auto max-w-xl">
      <Link to="/admin/couponlist" className="text-sm text-brand-700 hover:underline">
        ← Back to coupons
      </Link>
      <div className="mt-3">
        <AdminHeader title="Create Coupon" />
      </div>
      <CouponForm form={form} fields={fields} busy={busy} submitLabel="Create Coupon" busyLabel="Creating…" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Create coupon — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/couponlist", label: "Back to coupons" }} />;
}
