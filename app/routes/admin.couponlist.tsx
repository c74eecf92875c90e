import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminTableHead, RowActions } from "~/components/admin/RowActions";
import { askToConfirm, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { requireAdmin } from "~/web/guards.server";
import { deleteCoupon, getCoupon, listCoupons, type CouponDTO } from "~/models/orders/coupon.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { adminWrite, loadAdminData, toId } from "~/web/admin.server";
import { formatTaka } from "~/utils/money";
import { shopDateTime } from "~/utils/shop-time";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json({ coupons: await loadAdminData(() => listCoupons(admin)), now: new Date().toISOString() });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const id = toId(formData.get("id"));
  if (formData.get("intent") !== "delete" || !id) return json<ListActionData>({ formError: "Unknown action" }, { status: 400 });
  return adminWrite(async () => {
    const coupon = await getCoupon(admin, id);
    const confirm = askToConfirm(formData, {
      intent: "delete",
      fields: { id: String(id) },
      detail: `Delete the coupon ${coupon.code}? Orders that used it keep its code and discount.`,
      confirmLabel: "Yes, delete coupon",
    });
    if (confirm) return json<ListActionData>({ confirm });
    await deleteCoupon(admin, id);
    return redirectWithToast("/admin/couponlist", "Coupon deleted", { session: await getSession(request) });
  }, "Error deleting coupon");
}

/** Dhaka wall-clock minutes, as the form takes them. */
const when = (iso: string | null) => (iso ? shopDateTime(new Date(iso)).slice(0, 16) : "—");

/** What a shop owner needs at a glance: can buyers use it right now, and if not, why. */
function state(c: CouponDTO, now: string): { label: string; on: boolean } {
  if (!c.active) return { label: "Inactive", on: false };
  if (c.startsAt && now < c.startsAt) return { label: "Scheduled", on: false };
  if (c.endsAt && now >= c.endsAt) return { label: "Expired", on: false };
  if (c.usageLimit !== null && c.used >= c.usageLimit) return { label: "Used up", on: false };
  return { label: "Active", on: true };
}

export default function CouponList() {
  const { coupons, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<ListActionData>();
  return (
    <section>
      <AdminHeader title="Coupons">
        <Link to="/admin/coupon/new" className="btn-primary">
          Create Coupon
        </Link>
      </AdminHeader>
      <p className="mb-3 text-sm text-stone-600">
        Codes buyers type in the cart or at checkout. They add to the automatic discounts; one code per order. Times are Dhaka time.
      </p>
      <ListActionResult data={actionData} />
      {coupons.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No coupons yet.</p>
      ) : (
        <AdminTable>
          <AdminTableHead columns={["Code", "Off", "Minimum", "Valid", "Used", "Status"]} />
          <tbody className="divide-y divide-stone-100">
            {coupons.map((c) => {
              const s = state(c, now);
              return (
                <tr key={c.id}>
                  <td className="font-mono font-semibold">{c.code}</td>
                  <td>{c.percent !== null ? `${c.percent}%` : formatTaka(c.amountOff ?? 0)}</td>
                  <td>{c.minSubtotal ? formatTaka(c.minSubtotal) : "—"}</td>
                  <td className="whitespace-nowrap text-xs">
                    {when(c.startsAt)} → {when(c.endsAt)}
                  </td>
                  <td>
                    {c.used}
                    {c.usageLimit === null ? "" : ` / ${c.usageLimit}`}
                    {c.perBuyerLimit === null ? null : <span className="block text-xs text-stone-500">{c.perBuyerLimit} per buyer</span>}
                  </td>
                  <td>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s.on ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-700"}`}>
                      {s.label}
                    </span>
                  </td>
                  <td>
                    <RowActions editTo={`/admin/coupon/${c.id}/edit`} id={c.id} name={`coupon ${c.code}`} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Coupons — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
