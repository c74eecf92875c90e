import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { z } from "zod";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { CouponForm } from "~/components/admin/CouponFields";
import { requireAdmin } from "~/web/guards.server";
import { notFound } from "~/models/platform/errors.server";
import { getCoupon, updateCoupon } from "~/models/orders/coupon.server";
import { couponFormSchema, toShopLocal } from "~/schemas/coupon";
import { loadAdminData, saveAdminForm, toId } from "~/web/admin.server";
import { useZodForm } from "~/hooks/use-zod-form";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const coupon = await loadAdminData(async () => {
    const id = toId(params.id);
    if (!id) throw notFound("Coupon");
    return getCoupon(admin, id);
  }, "Error fetching coupon");
  return json({ coupon });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const save = (value: z.output<typeof couponFormSchema>) => {
    const id = toId(params.id);
    if (!id) throw notFound("Coupon");
    return updateCoupon(admin, id, value);
  };
  return saveAdminForm(request, await request.formData(), couponFormSchema, save, {
    to: "/admin/couponlist",
    toast: "Coupon updated",
    fallback: "Error updating coupon",
  });
}

const text = (n: number | null) => (n === null ? "" : String(n));

export default function EditCoupon() {
  const { coupon: c } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(couponFormSchema, {
    lastResult,
    defaultValue: {
      code: c.code,
      percent: text(c.percent),
      amountOff: text(c.amountOff),
      minSubtotal: c.minSubtotal ? String(c.minSubtotal) : "",
      startsAt: toShopLocal(c.startsAt),
      endsAt: toShopLocal(c.endsAt),
      usageLimit: text(c.usageLimit),
      perBuyerLimit: text(c.perBuyerLimit),
      active: c.active ? "on" : undefined,
    },
  });
  return (
    <section className="mx-auto max-w-xl">
      <Link to="/admin/couponlist" className="text-sm text-brand-700 hover:underline">
        ← Back to coupons
      </Link>
      <div className="mt-3">
        <AdminHeader title={`Edit Coupon ${c.code}`} />
      </div>
      <p className="mb-3 text-sm text-stone-600">
        Used {c.used}
        {c.usageLimit === null ? "" : ` of ${c.usageLimit}`} times (orders not cancelled).
      </p>
      <CouponForm form={form} fields={fields} busy={busy} submitLabel="Update" busyLabel="Saving…" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit coupon — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary fallback="Error fetching coupon" back={{ to: "/admin/couponlist", label: "Back to coupons" }} />;
}
