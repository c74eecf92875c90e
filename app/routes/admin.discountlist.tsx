import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { AdminTableHead, RowActions } from "~/components/admin/RowActions";
import { askToConfirm, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { discountTarget } from "~/components/admin/discount-label";
import { requireAdmin } from "~/web/guards.server";
import { deleteDiscount, getDiscount, listDiscounts } from "~/models/catalogue/discount.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { adminWrite, loadAdminData, toId } from "~/web/admin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json({ discounts: await loadAdminData(() => listDiscounts(admin)) });
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
      detail: `Delete the discount ${discountTarget(await getDiscount(admin, id))}?`,
      confirmLabel: "Yes, delete discount",
    });
    if (confirm) return json<ListActionData>({ confirm });
    await deleteDiscount(admin, id);
    return redirectWithToast("/admin/discountlist", "Discount deleted", { session: await getSession(request) });
  }, "Error deleting discount");
}

export default function DiscountList() {
  const { discounts } = useLoaderData<typeof loader>();
  const actionData = useActionData<ListActionData>();
  return (
    <section>
      <AdminHeader title="Discounts">
        <Link to="/admin/discount/create" className="btn-primary">
          Create Discount
        </Link>
      </AdminHeader>
      <ListActionResult data={actionData} />
      {discounts.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No discounts yet.</p>
      ) : (
        <AdminTable>
          <AdminTableHead columns={["ID", "Type", "Value", "Status"]} />
          <tbody className="divide-y divide-stone-100">
            {discounts.map((d) => (
              <tr key={d.id}>
                <td className="font-mono text-xs">{d.id}</td>
                <td>{discountTarget(d)}</td>
                <td>{d.percentage}%</td>
                <td>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${d.isActive ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-700"}`}
                  >
                    {d.isActive ? "Active" : "Inactive"}
                  </span>
                </td>
                <td>
                  <RowActions editTo={`/admin/discount/${d.id}/edit`} id={d.id} name={`discount ${d.id}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Discounts — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
