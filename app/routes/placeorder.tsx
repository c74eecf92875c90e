import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans } from "~/i18n/Trans";

import { CheckoutSteps } from "~/components/checkout/CheckoutSteps";
import { OrderItems, OrderTotals } from "~/components/order/OrderSummary";
import { useFormat, useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { langOf, tOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { clientIp, getUserFromSession } from "~/models/accounts/auth.server";
import { clearCart, getCartLines, loadCart, syncCartQuantities } from "~/models/orders/cart.server";
import { checkoutSummary } from "~/models/orders/checkout-summary.server";
import { redirectIfNothingToOrder } from "~/web/checkout-guard.server";
import { ServiceError } from "~/models/platform/errors.server";
import type { MessageKey } from "~/utils/message-key";
import { placeOrder } from "~/models/orders/order.server";
import { readLineProducts } from "~/models/catalogue/index.server";
import { rememberPlaced } from "~/models/orders/order-link.server";
import { commitSession, getSession, redirectWithToast } from "~/models/accounts/session.server";
import { CASH_ON_DELIVERY } from "~/schemas/order";
import { CHECKOUT_COLUMNS, CHECKOUT_FRAME, checkoutLayout } from "~/web/checkout-layout";
import { deliveryLabelText } from "~/models/orders/order-next-steps";
import { CouponBox } from "~/components/checkout/CouponBox";
import { CouponRefused } from "~/models/orders/coupon-use.server";
import { handleCouponIntent, isCouponIntent, sessionCoupon, type CouponActionData } from "~/web/coupon-form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const shipping = session.get("shipping");
  if (!shipping) throw redirect(localePath(langOf(request), "/shipping"));
  const [user, cart] = await Promise.all([getUserFromSession(session), loadCart(session, langOf(request))]);
  redirectIfNothingToOrder(cart, langOf(request));
  const changed = syncCartQuantities(session, cart);
  const email = user?.email ?? shipping.email;
  // The code is asked about with this buyer's phone and e-mail: the per-buyer limit is known here.
  const coupon = await sessionCoupon(session, { itemsPaisa: cart.subtotalPaisa, buyer: email ? { phone: shipping.phone, email } : null });
  const { items, totals } = checkoutSummary(cart, coupon.terms);
  return json(
    {
      signedIn: Boolean(user),
      // One-time id for this checkout: submitting the page twice places one order (order.server.ts).
      checkoutId: crypto.randomUUID(),
      buyer: user ? { name: user.name, email: user.email } : { name: shipping.name ?? null, email: shipping.email ?? null },
      shipping,
      paymentMethod: session.get("paymentMethod") ?? CASH_ON_DELIVERY,
      items,
      hasUnavailable: cart.hasUnavailable,
      totals,
      coupon: coupon.state,
    },
    { headers: changed ? { "Set-Cookie": await commitSession(session) } : undefined },
  );
}

type ActionData = { error: string; said?: MessageKey; seenTotal?: number; limited?: boolean } | CouponActionData;

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request);
  const shipping = session.get("shipping");
  const lang = langOf(request);
  const t = tOf(request);
  if (!shipping) throw redirect(localePath(lang, "/shipping"));
  const user = await getUserFromSession(session);
  const form = await request.formData();
  if (isCouponIntent(form.get("intent"))) {
    const email = user?.email ?? shipping.email;
    const cart = await loadCart(session);
    const buyer = email ? { phone: shipping.phone, email } : null;
    const refused = await handleCouponIntent(session, Object.fromEntries(form), { itemsPaisa: cart.subtotalPaisa, buyer });
    if (refused) return json<ActionData>(refused, { status: 400 });
    return redirect(localePath(lang, "/placeorder"), { headers: { "Set-Cookie": await commitSession(session) } });
  }
  const seen = Number(form.get("totalPrice"));
  const checkoutId = form.get("checkoutId");
  const lines = getCartLines(session);
  if (lines.length === 0) return json<ActionData>({ error: t("checkout.place.errors.empty") }, { status: 400 });
  // The lines' products are read once: the cart checks them and placeOrder prices from the same rows.
  const products = await readLineProducts(lines);
  if ((await loadCart(session, lang, products)).hasUnavailable) {
    return json<ActionData>({ error: t("checkout.place.errors.unavailable") }, { status: 409 });
  }
  try {
    const order = await placeOrder({
      userId: user?.id ?? null,
      name: user ? undefined : shipping.name,
      email: user ? undefined : shipping.email,
      lines,
      shippingAddress: shipping,
      paymentMethod: session.get("paymentMethod") ?? CASH_ON_DELIVERY,
      // What the page showed; if the server's total differs nothing is stored.
      clientTotalPrice: Number.isFinite(seen) ? seen : undefined,
      orderId: typeof checkoutId === "string" && checkoutId ? checkoutId : undefined,
      lang,
      ip: clientIp(context),
      couponCode: session.get("coupon") ?? null,
      products,
    });
    clearCart(session);
    session.unset("coupon");
    // A guest's name, e-mail, phone and address leave the cookie with the order: the next
    // person on a shared computer finds an empty form (issue 27 item 8). A shopper's stay with their sign-in.
    if (!user) session.unset("shipping");
    // This browser sees its own address in full for a while, to catch a typo (decision 084).
    rememberPlaced(session, order.id);
    return redirectWithToast(localePath(lang, `/order/${order.id}`), t("checkout.place.placed"), { session });
  } catch (error) {
    // A code that stopped applying (it ran out, or the buyer's limit was reached): said beside the code field.
    if (error instanceof CouponRefused) return json<ActionData>({ coupon: { typed: session.get("coupon") ?? "", refusal: error.refusal } }, { status: 400 });
    if (error instanceof ServiceError) {
      return json<ActionData>(
        { error: error.message, said: error.said, seenTotal: Number.isFinite(seen) ? seen : undefined, limited: error.status === 429 },
        { status: error.status, headers: error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined },
      );
    }
    throw error;
  }
}

export default function PlaceOrder() {
  const data = useLoaderData<typeof loader>();
  const data0 = useActionData<typeof action>();
  const actionData = data0 && "error" in data0 ? data0 : undefined;
  const refused = data0 && "coupon" in data0 ? data0.coupon : null;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  const msg = useMessage();
  const { shipping, buyer, totals } = data;
  const canOrder = data.items.length > 0 && !data.hasUnavailable && Boolean(buyer.name && buyer.email);
  const totalChanged = actionData?.seenTotal !== undefined && actionData.seenTotal !== totals.totalPrice;

  return (
    <div className={CHECKOUT_FRAME}>
      <CheckoutSteps current={4} signedIn={data.signedIn} />
      <h1 className="sr-only">{t("checkout.place.title")}</h1>
      {actionData?.error ? (
        <div role="alert" className="mb-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">{msg({ text: actionData.error, said: actionData.said })}</p>
          {totalChanged ? (
            <p>{t("checkout.place.totalChanged", { was: fmt.money(actionData.seenTotal!), now: fmt.money(totals.totalPrice) })}</p>
          ) : (
            // Past an order limit the items are fine: only the advice differs (issue 26).
            <p>{actionData.limited ? t("checkout.place.notOrderedLimit") : t("checkout.place.notOrdered")}</p>
          )}
        </div>
      ) : null}
      <div className={CHECKOUT_COLUMNS}>
        <div className="space-y-6">
          <section aria-labelledby="ship-heading" className="card p-5">
            <h2 id="ship-heading" className="mb-2 text-lg font-semibold">
              {t("checkout.place.shipping")}
            </h2>
            <p className="text-sm">
              <strong>{t("checkout.place.name")}</strong> {buyer.name ?? "—"} · <strong>{t("checkout.place.email")}</strong> {buyer.email ?? "—"}
            </p>
            <p className="text-sm">
              <strong>{t("checkout.place.address")}</strong>{" "}
              {t("checkout.place.addressLine", {
                address: shipping.address,
                city: shipping.city,
                postalCode: shipping.postalCode,
                label: deliveryLabelText(t, shipping.deliveryLabel),
              })}
            </p>
            <p className="text-sm">
              <strong>{t("checkout.place.phone")}</strong> {shipping.phone}
            </p>
            {!buyer.name || !buyer.email ? (
              <p className="mt-2 text-sm text-red-700">
                <Trans i18nKey="checkout.place.missingBuyer" components={{ a: <Link to={lp("/shipping")} className="font-semibold underline" /> }} />
              </p>
            ) : null}
          </section>
          <section aria-labelledby="pay-heading" className="card p-5">
            <h2 id="pay-heading" className="mb-2 text-lg font-semibold">
              {t("checkout.place.payment")}
            </h2>
            <p className="text-sm">
              <strong>{t("checkout.place.method")}</strong>{" "}
              {data.paymentMethod === CASH_ON_DELIVERY ? t("checkout.payment.cashOnDelivery") : data.paymentMethod}
            </p>
          </section>
          <section aria-labelledby="items-heading" className="card p-5">
            <h2 id="items-heading" className="mb-2 text-lg font-semibold">
              {t("checkout.place.items")}
            </h2>
            <OrderItems
              items={data.items}
              empty={
                <p role="status" className="rounded-md bg-sky-50 px-4 py-3 text-sm text-sky-900">
                  <Trans i18nKey="checkout.place.empty" components={{ a: <Link to={lp("/")} className="font-semibold underline" /> }} />
                </p>
              }
            />
            {data.hasUnavailable ? (
              <p className="mt-2 text-sm text-red-700">
                <Trans i18nKey="checkout.place.unavailable" components={{ a: <Link to={lp("/cart")} className="font-semibold underline" /> }} />
              </p>
            ) : null}
          </section>
        </div>
        <OrderTotals totals={totals}>
          <CouponBox state={data.coupon} refused={refused} />
          <Form method="post">
            <input type="hidden" name="totalPrice" value={totals.totalPrice} />
            <input type="hidden" name="checkoutId" value={data.checkoutId} />
            <button type="submit" className="btn-primary w-full" disabled={!canOrder || busy}>
              {busy ? t("checkout.place.placing") : t("checkout.place.submit")}
            </button>
          </Form>
        </OrderTotals>
      </div>
    </div>
  );
}

export const handle = checkoutLayout;

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("checkout.place.title") }) }];
};
