import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { FormAlert } from "~/components/admin/FormErrors";
import { CheckoutSummary } from "~/components/checkout/CheckoutSummary";
import { CheckoutSteps } from "~/components/CheckoutSteps";
import { getUserFromSession } from "~/models/accounts/auth.server";
import { loadCart } from "~/models/orders/cart.server";
import { checkoutSummary, redirectIfNothingToOrder } from "~/models/orders/checkout-summary.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { CASH_ON_DELIVERY, PAYMENT_METHODS } from "~/schemas/order";
import { CHECKOUT_COLUMNS, CHECKOUT_FRAME, checkoutLayout } from "~/utils/checkout-layout";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (!session.get("shipping")) throw redirect("/shipping");
  const [user, cart] = await Promise.all([getUserFromSession(session), loadCart(session)]);
  redirectIfNothingToOrder(cart);
  return json({ signedIn: Boolean(user), summary: checkoutSummary(cart) });
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  if (!session.get("shipping")) throw redirect("/shipping");
  const method = (await request.formData()).get("paymentMethod");
  if (!PAYMENT_METHODS.some((m) => m === method)) {
    return json({ error: `Please choose a payment method: only ${CASH_ON_DELIVERY} is available` }, { status: 400 });
  }
  session.set("paymentMethod", CASH_ON_DELIVERY);
  return redirect("/placeorder", { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function Payment() {
  const { signedIn, summary } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className={CHECKOUT_FRAME}>
      <CheckoutSteps current={3} signedIn={signedIn} />
      <div className={CHECKOUT_COLUMNS}>
        <div className="card p-6 sm:p-8">
          <h1 className="mb-6 text-2xl font-bold tracking-tight">Payment Method</h1>
          <Form method="post" className="space-y-6">
            <FormAlert errors={[actionData?.error]} />
            <fieldset>
              <legend className="label">Select Method</legend>
              {/* The only method: preselected, so Continue works straight away. */}
              <label className="mt-2 flex items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={CASH_ON_DELIVERY}
                  defaultChecked
                  className="h-4 w-4 border-stone-300 text-brand-600 focus:ring-brand-500"
                />
                {CASH_ON_DELIVERY}
              </label>
              <p className="mt-2 text-xs text-stone-500">Pay in cash when your parcel arrives.</p>
            </fieldset>
            <button type="submit" className="btn-primary w-full">
              Continue
            </button>
          </Form>
        </div>
        <CheckoutSummary {...summary} />
      </div>
    </div>
  );
}

export const handle = checkoutLayout;

export const meta: MetaFunction = () => [{ title: "Payment — TanaBana" }];
