import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { FormAlert } from "~/components/admin/FormErrors";
import { CheckoutSummary } from "~/components/checkout/CheckoutSummary";
import { CheckoutSteps } from "~/components/checkout/CheckoutSteps";
import { useMessage, useT } from "~/i18n/hooks";
import { langOf, tOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { getUserFromSession } from "~/models/accounts/auth.server";
import { loadCart } from "~/models/orders/cart.server";
import { checkoutSummary } from "~/models/orders/checkout-summary.server";
import { redirectIfNothingToOrder } from "~/web/checkout-guard.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { CASH_ON_DELIVERY, PAYMENT_METHODS } from "~/schemas/order";
import { CHECKOUT_COLUMNS, CHECKOUT_FRAME, checkoutLayout } from "~/web/checkout-layout";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (!session.get("shipping")) throw redirect(localePath(langOf(request), "/shipping"));
  const [user, cart] = await Promise.all([getUserFromSession(session), loadCart(session, langOf(request))]);
  redirectIfNothingToOrder(cart, langOf(request));
  return json({ signedIn: Boolean(user), summary: checkoutSummary(cart) });
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const lang = langOf(request);
  if (!session.get("shipping")) throw redirect(localePath(lang, "/shipping"));
  const method = (await request.formData()).get("paymentMethod");
  if (!PAYMENT_METHODS.some((m) => m === method)) {
    const t = tOf(request);
    return json({ error: t("checkout.payment.choose", { method: t("checkout.payment.cashOnDelivery") }) }, { status: 400 });
  }
  session.set("paymentMethod", CASH_ON_DELIVERY);
  return redirect(localePath(lang, "/placeorder"), { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function Payment() {
  const { signedIn, summary } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useT();
  const msg = useMessage();
  return (
    <div className={CHECKOUT_FRAME}>
      <CheckoutSteps current={3} signedIn={signedIn} />
      <div className={CHECKOUT_COLUMNS}>
        <div className="card p-6 sm:p-8">
          <h1 className="mb-6 text-2xl font-semibold tracking-tight">{t("checkout.payment.title")}</h1>
          <Form method="post" className="space-y-6">
            <FormAlert errors={[msg(actionData?.error)]} />
            <fieldset>
              <legend className="label">{t("checkout.payment.select")}</legend>
              {/* The only method: preselected, so Continue works straight away. */}
              <label className="mt-2 flex items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-semibold">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={CASH_ON_DELIVERY}
                  defaultChecked
                  className="h-4 w-4 border-stone-300 text-brand-600 focus:ring-brand-500"
                />
                {t("checkout.payment.cashOnDelivery")}
              </label>
              <p className="mt-2 text-xs text-stone-500">{t("checkout.payment.cashHint")}</p>
            </fieldset>
            <button type="submit" className="btn-primary w-full">
              {t("checkout.buttons.continue")}
            </button>
          </Form>
        </div>
        <CheckoutSummary {...summary} />
      </div>
    </div>
  );
}

export const handle = checkoutLayout;

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("checkout.steps.payment") }) }];
};
