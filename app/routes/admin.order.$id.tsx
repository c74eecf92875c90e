import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { AdminOrderLinks } from "~/components/admin/AdminOrderLinks";
import { BookCourierForm } from "~/components/admin/BookCourierForm";
import { PartReturnForm } from "~/components/admin/PartReturnForm";
import { FormAlert } from "~/components/admin/FormErrors";
import { ShipOrderForm } from "~/components/admin/ShipOrderForm";
import { CancelOrderForm } from "~/components/order/CancelOrderForm";
import { CancelledBanner } from "~/components/order/CancelledBanner";
import { StatusBadge } from "~/components/order/StatusBadge";
import { CourierStatus } from "~/components/order/CourierStatus";
import { OrderTimeline } from "~/components/order/OrderTimeline";
import { OrderItems, OrderTotals } from "~/components/order/OrderSummary";
import { requireAdmin } from "~/web/guards.server";
import { getOrderTimeline } from "~/models/orders/order-ops.server";
import { ServiceError } from "~/models/platform/errors.server";
import { getOrderForViewer } from "~/models/orders/order.server";
import type { OrderAction } from "~/models/orders/order-permissions.server";
import { COURIER_LABELS, shipmentFromWords } from "~/schemas/order-ops";
import { shortDate } from "~/utils/dates";
import { bookOneAction } from "~/web/book-action.server";
import { partReturnAction } from "~/web/part-return-action.server";
import { orderAction } from "~/web/order-action.server";
import { bookableCouriers } from "~/models/shipping/index.server";
import { BuyerRecordPanel } from "~/components/customers/BuyerRecordPanel";
import { callReasonOf } from "~/models/orders/index.server";
import { adminRecordView, recordLang } from "~/web/buyer-record-view.server";

// The back office's order view (issue 22, item 2): in the admin layout, worded
// for the shop (who to call, what to do next), with the actions and the
// timeline. The shopper's /order/{id} stays the shopper's page.

/** How the cash-on-delivery order was confirmed (decision 055), as staff say it. */
const CONFIRMATION: Record<string, string> = {
  awaiting: "Awaiting confirmation",
  code: "Confirmed by code",
  call: "Confirmed by call",
  delivery: "Confirmed on delivery",
  auto: "No confirmation needed",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  try {
    const order = await getOrderForViewer(params.id ?? "", admin);
    const [timeline, couriers, record, callReason] = await Promise.all([
      getOrderTimeline(order, { withActors: true }),
      bookableCouriers(),
      // The buyer's phone record (issue 37): the badge, the numbers and the courier's record.
      adminRecordView(order.shippingAddress.phone, recordLang(request)),
      callReasonOf(order.id),
    ]);
    return json({ order, timeline, couriers, record, callReason });
  } catch (error) {
    if (error instanceof ServiceError) throw json({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  const form = await request.formData();
  if (form.get("intent") === "book") return bookOneAction(request, id, form, admin, `/admin/order/${id}`);
  if (form.get("intent") === "part-return") return partReturnAction(request, id, form, admin, `/admin/order/${id}`);
  return orderAction({ request, id, form, actor: admin, back: `/admin/order/${id}`, reasonRequired: true });
}

export default function AdminOrder() {
  const { order, timeline, couriers, record, callReason } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const a = order.shippingAddress;
  const can = (action: OrderAction) => order.actions.includes(action);
  return (
    <div className="space-y-6">
      <AdminHeader title={`Order ${order.orderNumber}`} />
      <p className="-mt-4 text-sm text-stone-600">Placed on {shortDate(order.createdAt)}</p>
      <AdminOrderLinks id={order.id} />
      <FormAlert errors={[actionData?.error]} />
      {order.cancelledAt ? <CancelledBanner cancelledAt={order.cancelledAt} cancelReason={order.cancelReason} /> : null}
      {/* Three grid children so that on a phone the actions come right after the buyer and status,
          above the items and the timeline (issue 41 item 2); from lg they sit in the right column. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-start-1">
          <section aria-labelledby="buyer-heading" className="card space-y-1 break-words p-5 text-sm">
            <h2 id="buyer-heading" className="mb-2 text-lg font-semibold">
              Buyer
            </h2>
            <p>
              <strong>Name:</strong> {a.name}
            </p>
            <p>
              <strong>Phone:</strong>{" "}
              {a.phone ? (
                <a href={`tel:${a.phone}`} className="text-brand-700 underline underline-offset-2">
                  {a.phone}
                </a>
              ) : (
                "none given"
              )}
            </p>
            <p>
              <strong>E-mail:</strong>{" "}
              <a href={`mailto:${a.email}`} className="text-brand-700 underline underline-offset-2">
                {a.email}
              </a>
            </p>
            <p>
              <strong>Deliver to:</strong> {a.address}, {a.city} {a.postalCode}, {a.country} ({a.deliveryLabel})
            </p>
            {record ? <BuyerRecordPanel record={record} /> : null}
          </section>
          <section aria-labelledby="status-heading" className="card flex flex-wrap items-center gap-2 p-5 text-sm">
            <h2 id="status-heading" className="w-full text-lg font-semibold">
              Status
            </h2>
            {order.cancelledAt && !order.isConfirmed ? null : (
              <StatusBadge tone={order.isConfirmed ? "done" : "pending"}>{CONFIRMATION[order.confirmMethod ?? "awaiting"] ?? "Confirmed"}</StatusBadge>
            )}
            {order.cancelledAt && !order.isPaid ? (
              <StatusBadge tone="failed">Nothing owed</StatusBadge>
            ) : (
              <StatusBadge tone={order.isPaid ? "done" : "pending"}>
                {order.isPaid ? `Paid on ${shortDate(order.paidAt)}` : `Not paid (${order.paymentMethod})`}
              </StatusBadge>
            )}
            {order.isShipped ? <StatusBadge tone="done">{`Shipped on ${shortDate(order.shippedAt)}`}</StatusBadge> : null}
            {order.cancelledAt ? (
              <StatusBadge tone="failed">Cancelled on {shortDate(order.cancelledAt)}</StatusBadge>
            ) : (
              <StatusBadge tone={order.isDelivered ? "done" : "pending"}>
                {order.isDelivered ? `Delivered on ${shortDate(order.deliveredAt)}` : "Not delivered"}
              </StatusBadge>
            )}
            {order.isShipped ? (
              <p className="w-full pt-1">
                <strong>Courier:</strong> {COURIER_LABELS[shipmentFromWords(order.courier ?? "other").courier]}
                {order.trackingNumber ? (
                  <>
                    {" "}
                    · <strong>Tracking:</strong> <span className="font-mono">{order.trackingNumber}</span>
                  </>
                ) : null}
                {order.shipNote ? <span className="block text-stone-700">Note: {order.shipNote}</span> : null}
              </p>
            ) : null}
            <CourierStatus order={order} forAdmin />
          </section>
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <OrderTotals totals={order} shop>
            {/* Each button is a step order-permissions.server.ts allows now: the page does not re-derive it. */}
            {can("confirm-call") ? (
              <Form method="post" className="space-y-2">
                <p className="text-sm text-stone-700">
                  {callReason
                    ? `No code was sent: ${callReason === "risky" ? "this number's record is risky" : "a new number with a large order"}. Call ${a.phone} and, once they confirm, record it:`
                    : `The buyer has not entered the SMS code. Call ${a.phone} and, once they confirm, record it:`}
                </p>
                <button type="submit" name="intent" value="confirm-call" className="btn-primary w-full" disabled={busy}>
                  Confirmed By Call
                </button>
              </Form>
            ) : null}
            {can("ship") && !order.isShipped ? <BookCourierForm couriers={couriers} bookingError={order.bookingError} busy={busy} orderId={order.id} /> : null}
            {can("ship") ? <ShipOrderForm order={order} errors={actionData?.shipErrors} busy={busy} /> : null}
            {can("deliver") || can("pay") ? (
              <Form method="post" className="space-y-2">
                {can("deliver") ? (
                  <button
                    type="submit"
                    name="intent"
                    value="deliver"
                    className={order.isShipped ? "btn-primary w-full" : "btn-secondary w-full"}
                    disabled={busy}
                  >
                    Mark As Delivered
                  </button>
                ) : null}
                {can("pay") ? (
                  <button type="submit" name="intent" value="pay" className="btn-secondary w-full" disabled={busy}>
                    {order.isDelivered ? "Mark As Paid (cash received)" : "Mark As Paid"}
                  </button>
                ) : null}
              </Form>
            ) : null}
            {order.courierStatus === "partly_delivered" && !order.partReturnedAt && !order.cancelledAt ? (
              <PartReturnForm items={order.orderItems} codCollected={order.codCollected} busy={busy} />
            ) : null}
            {can("receive-back") ? (
              <Form method="post" className="space-y-2">
                <p className="text-sm text-stone-700">When the parcel is back at the shop, record it: its items go back into stock.</p>
                <button type="submit" name="intent" value="receive-back" className="btn-primary w-full" disabled={busy}>
                  Received Back
                </button>
              </Form>
            ) : null}
            {can("cancel") ? (
              <CancelOrderForm isAdmin shipped={order.isShipped} error={actionData?.shipErrors ? undefined : actionData?.error} busy={busy} />
            ) : null}
          </OrderTotals>
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-1">
          <section aria-labelledby="items-heading" className="card p-5">
            <h2 id="items-heading" className="mb-2 text-lg font-semibold">
              Items
            </h2>
            <OrderItems items={order.orderItems} empty={<p className="text-sm text-stone-600">No items</p>} />
          </section>
          <OrderTimeline entries={timeline} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary fallback="Order not found" back={{ to: "/admin/orderlist", label: "Back to orders" }} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `Order ${data.order.orderNumber}` : "Order"} — Admin — TanaBana` }];
