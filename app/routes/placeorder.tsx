import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { CheckoutSteps } from "~/components/CheckoutSteps";
import { OrderItems, OrderTotals } from "~/components/OrderSummary";
import { getUserFromSession } from "~/models/accounts/auth.server";
import { clearCart, getCartLines, loadCart, syncCartQuantities } from "~/models/orders/cart.server";
import { checkoutSummary, redirectIfNothingToOrder } from "~/models/orders/checkout-summary.server";
import { ServiceError } from "~/models/platform/errors.server";
import { placeOrder } from "~/models/orders/order.server";
import { commitSession, getSession, redirectWithToast } from "~/models/accounts/session.server";
import { CASH_ON_DELIVERY } from "~/schemas/order";
import { CHECKOUT_COLUMNS, CHECKOUT_FRAME, checkoutLayout } from "~/utils/checkout-layout";
import { formatTaka } from "~/utils/money";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const shipping = session.get("shipping");
  if (!shipping) throw redirect("/shipping");
  const [user, cart] = await Promise.all([getUserFromSession(session), loadCart(session)]);
  redirectIfNothingToOrder(cart);
  const changed = syncCartQuantities(session, cart);
  const { items, totals } = checkoutSummary(cart);
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
    },
    { headers: changed ? { "Set-Cookie": await commitSession(session) } : undefined },
  );
}

type ActionData = { error: string; seenTotal?: number };

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const shipping = session.get("shipping");
  if (!shipping) throw redirect("/shipping");
  const user = await getUserFromSession(session);
  const form = await request.formData();
  const seen = Number(form.get("totalPrice"));
  const checkoutId = form.get("checkoutId");
  const lines = getCartLines(session);
  if (lines.length === 0) return json<ActionData>({ error: "Order is empty" }, { status: 400 });
  if ((await loadCart(session)).hasUnavailable) {
    return json<ActionData>({ error: "Some items are no longer available. Remove them from your cart first." }, { status: 409 });
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
    });
    clearCart(session);
    return redirectWithToast(`/order/${order.id}`, "Thank you! Your order has been placed.", { session });
  } catch (error) {
    if (error instanceof ServiceError) {
      return json<ActionData>({ error: error.message, seenTotal: Number.isFinite(seen) ? seen : undefined }, { status: error.status });
    }
    throw error;
  }
}

export default function PlaceOrder() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { shipping, buyer, totals } = data;
  const canOrder = data.items.length > 0 && !data.hasUnavailable && Boolean(buyer.name && buyer.email);
  const totalChanged = actionData?.seenTotal !== undefined && actionData.seenTotal !== totals.totalPrice;

  return (
    <div className={CHECKOUT_FRAME}>
      <CheckoutSteps current={4} signedIn={data.signedIn} />
      <h1 className="sr-only">Place Order</h1>
      {actionData?.error ? (
        <div role="alert" className="mb-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">{actionData.error}</p>
          {totalChanged ? (
            <p>
              The total was {formatTaka(actionData.seenTotal!)} and is now {formatTaka(totals.totalPrice)}. Nothing has been
              ordered yet.
            </p>
          ) : (
            <p>Nothing has been ordered yet. Check the items below and try again.</p>
          )}
        </div>
      ) : null}
      <div className={CHECKOUT_COLUMNS}>
        <div className="space-y-6">
          <section aria-labelledby="ship-heading" className="card p-5">
            <h2 id="ship-heading" className="mb-2 text-lg font-semibold">
              Shipping
            </h2>
            <p className="text-sm">
              <strong>Name:</strong> {buyer.name ?? "—"} · <strong>Email:</strong> {buyer.email ?? "—"}
            </p>
            <p className="text-sm">
              <strong>Address:</strong> {shipping.address}, {shipping.city} {shipping.postalCode}, Bangladesh ({shipping.deliveryLabel})
            </p>
            <p className="text-sm">
              <strong>Phone:</strong> {shipping.phone}
            </p>
            {!buyer.name || !buyer.email ? (
              <p className="mt-2 text-sm text-red-700">
                Please add your name and e-mail on the{" "}
                <Link to="/shipping" className="font-semibold underline">
                  Shipping
                </Link>{" "}
                step.
              </p>
            ) : null}
          </section>
          <section aria-labelledby="pay-heading" className="card p-5">
            <h2 id="pay-heading" className="mb-2 text-lg font-semibold">
              Payment Method
            </h2>
            <p className="text-sm">
              <strong>Method:</strong> {data.paymentMethod}
            </p>
          </section>
          <section aria-labelledby="items-heading" className="card p-5">
            <h2 id="items-heading" className="mb-2 text-lg font-semibold">
              Order Items
            </h2>
            <OrderItems
              items={data.items}
              empty={
                <p role="status" className="rounded-md bg-sky-50 px-4 py-3 text-sm text-sky-900">
                  Order is empty.{" "}
                  <Link to="/" className="font-semibold underline">
                    Continue Shopping
                  </Link>
                </p>
              }
            />
            {data.hasUnavailable ? (
              <p className="mt-2 text-sm text-red-700">
                Some items cannot be ordered.{" "}
                <Link to="/cart" className="font-semibold underline">
                  Review your cart
                </Link>
              </p>
            ) : null}
          </section>
        </div>
        <OrderTotals totals={totals}>
          <Form method="post">
            <input type="hidden" name="totalPrice" value={totals.totalPrice} />
            <input type="hidden" name="checkoutId" value={data.checkoutId} />
            <button type="submit" className="btn-primary w-full" disabled={!canOrder || busy}>
              {busy ? "Placing order…" : "Place Order"}
            </button>
          </Form>
        </OrderTotals>
      </div>
    </div>
  );
}

export const handle = checkoutLayout;

export const meta: MetaFunction = () => [{ title: "Place Order — TanaBana" }];
