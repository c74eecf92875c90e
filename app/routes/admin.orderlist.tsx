import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { AdminOrders } from "~/components/admin/AdminOrders";
import { BULK_FORM_ID, BulkBookForm } from "~/components/admin/BulkBookForm";
import { bookableCouriers } from "~/models/shipping/index.server";
import { bookManyAction } from "~/web/book-action.server";
import { AdminSearch } from "~/components/admin/AdminSearch";
import { Pagination } from "~/components/catalogue/Pagination";
import { requireAdmin } from "~/web/guards.server";
import { listOrdersPage } from "~/models/orders/order.server";
import { ORDER_FILTERS, type OrderFilter } from "~/schemas/order";
import { orderListParams, orderListQuerySchema, type OrderListQuery } from "~/schemas/order-ops";
import { loadAdminData } from "~/web/admin.server";
import { parsePageNumber } from "~/utils/paging";
import { BadgeFilter } from "~/components/customers/BadgeFilter";
import { badgeOrderWhere, buyerRecords } from "~/models/customers/index.server";
import { recordLang, recordView } from "~/web/buyer-record-view.server";

const FILTER_LABELS: Record<OrderFilter, string> = {
  all: "All",
  unconfirmed: "Awaiting confirmation",
  toship: "To ship",
  shipped: "With courier",
  tocollect: "Cash to collect",
  undelivered: "Not delivered",
  unpaid: "Not paid",
  cancelled: "Cancelled",
};

function listHref(page: number, q: Partial<OrderListQuery>, lang = "en") {
  const query = orderListParams(q, { ...(page > 1 ? { page: String(page) } : {}), ...(lang === "bn" ? { lang } : {}) }).toString();
  return query ? `/admin/orderlist?${query}` : "/admin/orderlist";
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return bookManyAction(await request.formData(), admin);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const page = parsePageNumber(params.get("page"));
  // An unknown ?status= or a malformed date shows every order rather than an error.
  const query = orderListQuerySchema.parse(Object.fromEntries(params));
  const { status: filter, keyword, from, to, customer, badge } = query;
  const buyers = badge ? badgeOrderWhere(badge) : null;
  const { orders, pages } = await loadAdminData(() => listOrdersPage({ page, filter, keyword, from, to, customer, buyers }));
  // Each buyer's phone record (issue 37), one query for the page.
  const records = await buyerRecords(orders.map((o) => o.shippingAddress.phone));
  const lang = recordLang(request);
  // A stale link past the end (orders get delivered and leave a filter) shows the last page.
  if (page > pages) throw redirect(listHref(pages, query));
  // Only what the table shows goes to the browser.
  return json({
    couriers: await bookableCouriers(),
    page,
    pages,
    filter,
    keyword,
    from: from ?? "",
    to: to ?? "",
    customer,
    badge: badge ?? null,
    lang,
    orders: orders.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      buyer: o.user?.name ?? o.shippingAddress.name,
      // A cash-on-delivery shop calls the buyer before sending the parcel.
      phone: o.shippingAddress.phone,
      // Without an account: a guest checkout, or an account deleted since.
      note: o.placedAsGuest ? "guest" : o.user === null ? "account deleted" : null,
      createdAt: o.createdAt,
      totalPrice: o.totalPrice,
      isPaid: o.isPaid,
      paidAt: o.paidAt,
      isDelivered: o.isDelivered,
      deliveredAt: o.deliveredAt,
      cancelledAt: o.cancelledAt,
      isConfirmed: o.isConfirmed,
      shippedAt: o.shippedAt,
      // Tickable to book, or to print its picklist line and label: confirmed and not yet with a rider.
      bookable: o.isConfirmed && !o.cancelledAt && !o.isDelivered && !o.returningAt && (!o.shippedAt || o.courierStatus === "booked"),
      record: ((r) => (r ? recordView(r, lang) : null))(records.get(o.shippingAddress.phone)),
    })),
  });
}

export default function OrderList() {
  const { orders, page, pages, filter, keyword, from, to, customer, couriers, badge, lang } = useLoaderData<typeof loader>();
  const booking = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const query = { status: filter, keyword, from, to, customer, badge: badge ?? undefined };
  return (
    <section>
      <AdminHeader title="Orders">
        <AdminSearch
          action="/admin/orderlist"
          label="Search by order ID, name, e-mail or phone"
          placeholder="Order, name, phone…"
          keyword={keyword}
          keep={Object.fromEntries(orderListParams({ ...query, keyword: "" }))}
        />
      </AdminHeader>
      <nav aria-label="Filter orders" className="mb-4 flex flex-wrap gap-2">
        {ORDER_FILTERS.map((f) => (
          <Link
            key={f}
            to={listHref(1, { ...query, status: f })}
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
      <BadgeFilter current={badge} lang={lang} href={(b, l) => listHref(1, { ...query, badge: b ?? undefined }, l)} />
      <OrderDateRange query={query} />
      {customer ? <CustomerFilter customer={customer} clearTo={listHref(1, { ...query, customer: "" })} /> : null}
      {orders.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">
          {filter === "all" && !keyword && !from && !to && !customer ? "No orders yet." : "No orders found"}
        </p>
      ) : (
        // On a phone the book-and-print form goes under the list, so the orders open on screen; after a
        // booking it stays on top, where its answer is seen. The tick boxes reach it by its form id.
        <div className="flex flex-col">
          <div className={booking ? undefined : "order-last mt-4 sm:order-none sm:mt-0"}>
            <BulkBookForm couriers={couriers} result={booking} busy={busy} names={Object.fromEntries(orders.map((o) => [o.id, o.orderNumber]))} />
          </div>
          <AdminOrders orders={orders} pickForm={BULK_FORM_ID} />
        </div>
      )}
      <Pagination page={page} pages={pages} href={(n) => listHref(n, query, lang)} />
    </section>
  );
}

/** One customer's orders (from the users list): whose, and the way back to every order. */
function CustomerFilter({ customer, clearTo }: { customer: string; clearTo: string }) {
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-brand-200 bg-brand-50 px-4 py-2 text-sm">
      <span>
        Orders of <strong className="break-all">{customer}</strong>, guest orders included
      </span>
      <Link to={clearTo} className="font-semibold text-brand-700 underline">
        Show every customer&apos;s orders
      </Link>
    </p>
  );
}

/** The date range (a GET form keeping the other filters) and the CSV export of exactly what is listed. */
function OrderDateRange({ query }: { query: OrderListQuery & { from: string; to: string } }) {
  const keep = orderListParams({ ...query, from: undefined, to: undefined });
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <Form method="get" action="/admin/orderlist" className="flex flex-wrap items-end gap-2 text-sm">
        {[...keep].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="flex flex-col gap-1">
          <span className="font-semibold">From</span>
          <input type="date" name="from" defaultValue={query.from} key={`from-${query.from}`} className="input py-1.5" />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">To</span>
          <input type="date" name="to" defaultValue={query.to} key={`to-${query.to}`} className="input py-1.5" />
        </label>
        <button type="submit" className="btn-secondary">
          Apply dates
        </button>
      </Form>
      {/* reloadDocument: a file download, not a page the client router could render. */}
      <Link to={`/admin/orderlist.csv?${orderListParams(query).toString()}`} reloadDocument className="btn-secondary">
        Export CSV
      </Link>
    </div>
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
