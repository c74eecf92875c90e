import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";

import { AdminOrderLinks } from "~/components/admin/AdminOrderLinks";
import { FormAlert } from "~/components/admin/FormErrors";
import { CancelOrderForm } from "~/components/order/CancelOrderForm";
import { CourierStatus } from "~/components/order/CourierStatus";
import { OrderTimeline } from "~/components/order/OrderTimeline";
import { CancelledBanner } from "~/components/order/CancelledBanner";
import { ConfirmOrderForm } from "~/components/order/ConfirmOrderForm";
import { callReasonOf } from "~/models/orders/index.server";
import { ShopCallsNote } from "~/components/order/ShopCallsNote";
import { OrderConfirmation } from "~/components/order/OrderConfirmation";
import { ShipmentDetails } from "~/components/order/ShipmentDetails";
import { StatusBadge } from "~/components/order/StatusBadge";
import { OrderItems, OrderTotals } from "~/components/order/OrderSummary";
import { useFormat, useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { clientIp, getUser } from "~/models/accounts/auth.server";
import { requireAdmin } from "~/web/guards.server";
import { getSession } from "~/models/accounts/session.server";
import { confirmationView } from "~/models/orders/cod-confirm.server";
import { hasLookupProof } from "~/models/orders/lookup-proof.server";
import { hasLinkGrant, placedHere } from "~/models/orders/order-link.server";
import { getOrderTimeline } from "~/models/orders/order-ops.server";
import { ServiceError } from "~/models/platform/errors.server";
import { getOrderForViewer } from "~/models/orders/order.server";
import type { OrderAction } from "~/models/orders/order-permissions.server";
import { CASH_ON_DELIVERY } from "~/schemas/order";
import { errorTitle } from "~/web/error-title";
import { orderAction } from "~/web/order-action.server";
import { deliveryLabelText } from "~/models/orders/order-next-steps";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [viewer, session] = await Promise.all([getUser(request), getSession(request)]);
  const id = params.id ?? "";
  try {
    // The SMS link opened it here, or this browser placed it minutes ago (decision 084).
    const justPlaced = placedHere(session, id);
    const order = await getOrderForViewer(id, viewer, { linked: hasLinkGrant(session, id), placedHere: justPlaced });
    const isAdmin = Boolean(viewer?.isAdmin);
    const [timeline, confirmation] = await Promise.all([
      getOrderTimeline(order, { withActors: isAdmin }),
      confirmationView(order, new Date(), clientIp(context) ?? null),
    ]);
    // An order that waits for the shop's call because of the phone's record (issue 37) has no code to
    // type: the page says we will call.
    const awaitsCall = confirmation ? (await callReasonOf(order.id)) !== null : false;
    // A guest who found this order through /orders/find a moment ago, or placed it, has given the proof already.
    const lookedUp = hasLookupProof(session, order.id) || justPlaced;
    return json({ order, isAdmin, timeline, confirmation, awaitsCall, lookedUp, justPlaced, now: new Date().toISOString() });
  } catch (error) {
    // Someone else's order looks exactly like one that does not exist.
    if (error instanceof ServiceError) throw json({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const form = await request.formData();
  // Cancelling and confirming are also the buyer's (a guest's through this link: the checkout phone or
  // e-mail, or the SMS code, is the proof); marking paid or delivered is the admin's.
  const buyers = ["cancel", "confirm", "resend"].includes(String(form.get("intent")));
  const actor = buyers ? await getUser(request) : await requireAdmin(request);
  const contact = String(form.get("contact") ?? "").trim();
  const session = await getSession(request);
  const lookedUp = hasLookupProof(session, id) || placedHere(session, id);
  const proof = { ...(contact.includes("@") ? { email: contact } : contact ? { phone: contact } : {}), ip: clientIp(context), lookedUp };
  const linked = hasLinkGrant(session, id);
  return orderAction({ request, id, form, actor, back: localePath(langOf(request), `/order/${id}`), proof, linked });
}

export default function OrderPage() {
  const { order, isAdmin, timeline, confirmation, awaitsCall, lookedUp, justPlaced, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const fmt = useFormat();
  const msg = useMessage();
  const a = order.shippingAddress;
  const can = (action: OrderAction) => order.actions.includes(action);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("order.page.title", { orderNumber: order.orderNumber })}</h1>
        <p className="mt-1 text-sm text-stone-600">{t("order.page.placedOn", { date: fmt.date(order.createdAt) })}</p>
      </div>
      {isAdmin ? <AdminOrderLinks id={order.id} /> : null}
      <FormAlert errors={[msg(actionData?.error)]} />
      {order.cancelledAt ? <CancelledBanner cancelledAt={order.cancelledAt} cancelReason={order.cancelReason} toBuyer={!isAdmin} /> : null}
      {confirmation && !isAdmin ? (
        awaitsCall ? (
          <ShopCallsNote why="call-note" phone={a.phone} />
        ) : "waitsForCall" in confirmation ? (
          <ShopCallsNote why="will-call" phone={a.phone} />
        ) : "noCode" in confirmation ? (
          <ShopCallsNote why="no-code" phone={a.phone} />
        ) : (
          <ConfirmOrderForm
            confirmation={confirmation}
            now={now}
            codeError={actionData && "codeError" in actionData ? actionData.codeError : undefined}
            busy={busy}
          />
        )
      ) : null}
      {/* "What happens next" is done once the parcel arrives or the order is cancelled: the badges say the rest. */}
      {order.isDelivered || order.cancelledAt ? null : <OrderConfirmation {...order} justPlaced={justPlaced} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="shipping-heading" className="card space-y-1 break-words p-5 text-sm">
            <h2 id="shipping-heading" className="mb-2 text-lg font-semibold">
              {t("order.page.shipping")}
            </h2>
            <p>
              <strong>{t("order.page.name")}</strong> {a.name}
            </p>
            <p>
              <strong>{t("order.page.email")}</strong>{" "}
              {a.email.includes("•") ? (
                a.email
              ) : (
                <a href={`mailto:${a.email}`} className="text-brand-700 hover:underline">
                  {a.email}
                </a>
              )}
            </p>
            <p>
              <strong>{t("order.page.phone")}</strong> {a.phone || t("order.page.noPhone")}
            </p>
            <p>
              <strong>{t("order.page.address")}</strong> {a.address}, {a.city} {a.postalCode},{" "}
              {t("order.page.country", { context: a.country === "Bangladesh" ? "bd" : undefined, country: a.country })} ({deliveryLabelText(t, a.deliveryLabel)}
              )
            </p>
            <p className="pt-2">
              {order.cancelledAt ? (
                <StatusBadge tone="failed">{t("order.page.cancelledOn", { date: fmt.date(order.cancelledAt) })}</StatusBadge>
              ) : order.isDelivered || !order.isShipped ? (
                <StatusBadge tone={order.isDelivered ? "done" : "pending"}>
                  {order.isDelivered ? t("order.page.deliveredOn", { date: fmt.date(order.deliveredAt) }) : t("order.page.notDelivered")}
                </StatusBadge>
              ) : (
                <StatusBadge tone="pending">
                  {t("order.page.shippedWith", { courier: t(`order.courier.${order.courier ?? "other"}`), date: fmt.date(order.shippedAt) })}
                </StatusBadge>
              )}
            </p>
            {order.isShipped && !order.cancelledAt ? (
              <ShipmentDetails courier={order.courier} trackingNumber={order.trackingNumber} note={order.shipNote} />
            ) : null}
            <CourierStatus order={order} />
          </section>
          <section aria-labelledby="payment-heading" className="card space-y-1 p-5 text-sm">
            <h2 id="payment-heading" className="mb-2 text-lg font-semibold">
              {t("order.page.payment")}
            </h2>
            <p>
              <strong>{t("order.page.method")}</strong> {order.paymentMethod === CASH_ON_DELIVERY ? t("order.page.cashOnDelivery") : order.paymentMethod}
            </p>
            <p className="pt-2">
              {order.cancelledAt && !order.isPaid ? (
                // Cancelled: nothing is owed, and "Not paid" read as a debt (issue 28 item 9).
                <StatusBadge tone="failed">{t("order.page.nothingOwed")}</StatusBadge>
              ) : (
                <StatusBadge tone={order.isPaid ? "done" : "pending"}>
                  {order.isPaid ? t("order.page.paidOn", { date: fmt.date(order.paidAt) }) : t("order.page.notPaid")}
                </StatusBadge>
              )}
            </p>
          </section>
          <section aria-labelledby="items-heading" className="card p-5">
            <h2 id="items-heading" className="mb-2 text-lg font-semibold">
              {t("order.page.items")}
            </h2>
            <OrderItems items={order.orderItems} empty={<p className="text-sm text-stone-600">{t("order.page.empty")}</p>} />
          </section>
          <OrderTimeline entries={timeline} toBuyer={!isAdmin} />
        </div>
        <OrderTotals totals={order}>
          {/* The buttons are the steps this viewer may take (order-permissions.server.ts), not re-derived here. */}
          {can("deliver") || can("pay") ? (
            <Form method="post" className="space-y-2">
              {can("deliver") ? (
                <button type="submit" name="intent" value="deliver" className="btn-primary w-full" disabled={busy}>
                  {t("order.page.markDelivered")}
                </button>
              ) : null}
              {can("pay") ? (
                <button type="submit" name="intent" value="pay" className="btn-secondary w-full" disabled={busy}>
                  {t("order.page.markPaid")}
                </button>
              ) : null}
            </Form>
          ) : null}
          {can("cancel") ? (
            <CancelOrderForm
              isAdmin={isAdmin}
              shipped={order.isShipped}
              // Non-admins only ever see their own orders and guest orders (user null); a lookup in
              // this browser was the proof (decision 061).
              needsProof={!isAdmin && order.user === null && !lookedUp}
              error={actionData?.error}
              contactError={actionData && "contactError" in actionData ? actionData.contactError : undefined}
              busy={busy}
            />
          ) : null}
        </OrderTotals>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const lp = useLocalePath();
  const msg = useMessage();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A database outage (503) or a refused request (415) carries its own message: say that.
  const said = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error : null;
  if (!notFound && !said) console.error(error);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-semibold text-brand-600">{notFound ? 404 : (said?.status ?? 500)}</p>
      <h1 className="text-2xl font-semibold">{notFound ? t("order.notFound.title") : said ? msg(said.data) : t("common.errors.tryAgain")}</h1>
      {notFound ? <p className="text-stone-600">{t("order.notFound.hint")}</p> : null}
      <Link to={lp("/")} className="btn-primary">
        {t("common.errors.backToShop")}
      </Link>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error, location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [
    {
      title: data
        ? t("common.pageTitle", { title: t("order.page.title", { orderNumber: data.order.orderNumber }) })
        : errorTitle(error, t, t("order.notFound.title")),
    },
  ];
};
