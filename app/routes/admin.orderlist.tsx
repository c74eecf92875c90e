import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { OrdersTable } from "~/components/OrdersTable";
import { Pagination } from "~/components/Pagination";
import { requireAdmin } from "~/models/auth.server";
import { listOrdersPage } from "~/models/order.server";
import { ORDER_FILTERS, type OrderFilter } from "~/schemas/order";
import { loadAdminData } from "~/utils/admin.server";
import { parsePageNumber } from "~/utils/paging";

const FILTER_LABELS: Record<OrderFilter, string> = { all: "All", undelivered: "Not delivered", unpaid: "Not paid" };

function listHref(page: number, filter: OrderFilter, keyword = "") {
  const params = new URLSearchParams();
  if (keyword) params.set("keyword", keyword);
  if (filter !== "all") params.set("status", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/orderlist?${query}` : "/admin/orderlist";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const page = parsePageNumber(params.get("page"));
  const status = params.get("status");
  const keyword = params.get("keyword")?.trim() ?? "";
  // An unknown ?status= shows every order rather than an error.
  const filter: OrderFilter = ORDER_FILTERS.find((f) => f === status) ?? "all";
  const { orders, pages } = await loadAdminData(() => listOrdersPage({ page, filter, keyword }));
  // A stale link past the end (orders get delivered and leave a filter) shows the last page.
  if (page > pages) throw redirect(listHref(pages, filter, keyword));
  // Only what the table shows goes to the browser.
  return json({
    page,
    pages,
    filter,
    keyword,
    orders: orders.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
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
  const { orders, page, pages, filter, keyword } = useLoaderData<typeof loader>();
  return (
    <section>
      <AdminHeader title="Orders">
        <AdminSearch
          action="/admin/orderlist"
          label="Search by order ID, name or e-mail"
          placeholder="ID, name or e-mail"
          keyword={keyword}
          keep={filter === "all" ? {} : { status: filter }}
        />
      </AdminHeader>
      <nav aria-label="Filter orders" className="mb-4 flex flex-wrap gap-2">
        {ORDER_FILTERS.map((f) => (
          <Link
            key={f}
            to={listHref(1, f, keyword)}
            // "page" only where the link leads to exactly this page, not from page 2 of the same filter.
            aria-current={f === filter ? (page === 1 ? "page" : "true") : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${
              f === filter ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"
            }`}
          >
            {FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">
          {filter === "all" && !keyword ? "No orders yet." : "No orders found"}
        </p>
      ) : (
        <OrdersTable orders={orders} showBuyer />
      )}
      <Pagination page={page} pages={pages} href={(n) => listHref(n, filter, keyword)} />
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const parts = [data && data.filter !== "all" ? FILTER_LABELS[data.filter] : null, data && data.page > 1 ? `page ${data.page}` : null];
  const detail = parts.filter(Boolean).join(", ");
  return [{ title: `Orders${detail ? ` (${detail})` : ""} — Admin — TanaBana` }];
};
