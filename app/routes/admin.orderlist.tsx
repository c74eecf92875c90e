import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader, AdminTable } from "~/components/admin/AdminHeader";
import { Pagination } from "~/components/Pagination";
import { requireAdmin } from "~/models/auth.server";
import { listOrdersPage } from "~/models/order.server";
import { loadAdminData } from "~/utils/admin.server";
import { shortDate } from "~/utils/dates";
import { formatTaka } from "~/utils/money";
import { parsePageNumber } from "~/utils/paging";

const pageHref = (n: number) => (n === 1 ? "/admin/orderlist" : `/admin/orderlist?page=${n}`);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  const { orders, pages } = await loadAdminData(() => listOrdersPage(page));
  // A page that no longer exists (orders are never deleted, but a stale link can be off) shows the last one.
  if (page > pages) throw redirect(pageHref(pages));
  // Only what the table shows goes to the browser.
  return json({
    page,
    pages,
    orders: orders.map((o) => ({
      id: o.id,
      buyer: o.user?.name ?? o.shippingAddress.name,
      // Without an account: a guest checkout, or an account deleted since.
      note: o.placedAsGuest ? "guest" : o.user === null ? "account deleted" : null,
      createdAt: o.createdAt,
      totalPrice: o.totalPrice,
      isPaid: o.isPaid,
      paidAt: o.paidAt,
      isDelivered: o.isDelivered,
      deliveredAt: o.deliveredAt,
    })),
  });
}

export default function OrderList() {
  const { orders, page, pages } = useLoaderData<typeof loader>();
  return (
    <section>
      <AdminHeader title="Orders" />
      {orders.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No orders yet.</p>
      ) : (
        <AdminTable>
          <thead>
            <tr>
              <th>ID</th>
              <th>User</th>
              <th>Date</th>
              <th>Total</th>
              <th>Paid</th>
              <th>Delivered</th>
              <th>
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {orders.map((o) => (
              <tr key={o.id}>
                <td className="font-mono text-xs" title={o.id}>
                  {o.id.slice(0, 8)}…
                </td>
                <td>
                  {o.buyer}
                  {o.note ? <span className="ml-1 text-xs text-stone-500">({o.note})</span> : null}
                </td>
                <td>{shortDate(o.createdAt)}</td>
                <td>{formatTaka(o.totalPrice)}</td>
                <td>{o.isPaid ? shortDate(o.paidAt) : <No />}</td>
                <td>{o.isDelivered ? shortDate(o.deliveredAt) : <No />}</td>
                <td>
                  <Link to={`/order/${o.id}`} className="btn-secondary px-3 py-1 text-xs" aria-label={`Details of order ${o.id}`}>
                    Details
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} href={pageHref} />
    </section>
  );
}

function No() {
  return (
    <span className="text-red-700">
      ✗<span className="sr-only">No</span>
    </span>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}

export const meta: MetaFunction = () => [{ title: "Orders — Admin — TanaBana" }];
