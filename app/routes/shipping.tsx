import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans } from "~/i18n/Trans";

import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { CheckoutSummary } from "~/components/checkout/CheckoutSummary";
import { CheckoutSteps } from "~/components/checkout/CheckoutSteps";
import { useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { langOf, tOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { getUserFromSession } from "~/models/accounts/auth.server";
import { commitWithinLimit, loadCart } from "~/models/orders/cart.server";
import { lastShippingAddress } from "~/models/orders/last-address.server";
import { checkoutSummary } from "~/models/orders/checkout-summary.server";
import { redirectIfNothingToOrder } from "~/web/checkout-guard.server";
import { ServiceError } from "~/models/platform/errors.server";
import { getSession, type ShippingInfo } from "~/models/accounts/session.server";
import { DELIVERY_LABELS, guestShippingSchema, shippingSchema } from "~/schemas/shipping";
import { CHECKOUT_COLUMNS, CHECKOUT_FRAME, checkoutLayout } from "~/web/checkout-layout";
import { deliveryLabelText } from "~/models/orders/order-next-steps";
import { useZodForm } from "~/hooks/use-zod-form";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const [user, cart] = await Promise.all([getUserFromSession(session), loadCart(session, langOf(request))]);
  redirectIfNothingToOrder(cart, langOf(request));
  // What the shopper typed in this checkout wins; else a signed-in shopper's last order's address.
  const typed = session.get("shipping") ?? null;
  const last = !typed && user ? await lastShippingAddress(user.id) : null;
  return json({ guest: !user, shipping: typed ?? last, prefilled: last !== null, summary: checkoutSummary(cart) });
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const user = await getUserFromSession(session);
  const formData = await request.formData();
  // Signed-in shoppers' orders carry their account's name and e-mail, so only guests give them.
  const submission = parseForm(formData, { schema: user ? shippingSchema : guestShippingSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { address, city, postalCode, phone, deliveryLabel, name, email } = submission.value as ShippingInfo;
  session.set("shipping", { address, city, postalCode, phone, deliveryLabel, ...(user ? {} : { name, email }) });
  try {
    const t = tOf(request);
    const headers = { "Set-Cookie": await commitWithinLimit(session, t("checkout.shipping.tooBig")) };
    return redirect(localePath(langOf(request), "/payment"), { headers });
  } catch (error) {
    if (error instanceof ServiceError) return json(submission.reply({ formErrors: [error.message] }), { status: 400 });
    throw error;
  }
}

export default function Shipping() {
  const { guest, shipping, prefilled, summary } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const lp = useLocalePath();
  const msg = useMessage();
  const schema = guest ? guestShippingSchema : shippingSchema;
  const [form, fields] = useZodForm(schema, {
    lastResult,
    defaultValue: { ...shipping, deliveryLabel: shipping?.deliveryLabel ?? "Home" },
  });
  const guestFields = fields as typeof fields & {
    name: FieldMetadata<string | undefined>;
    email: FieldMetadata<string | undefined>;
  };

  return (
    <div className={CHECKOUT_FRAME}>
      <CheckoutSteps current={2} signedIn={!guest} />
      <div className={CHECKOUT_COLUMNS}>
        <div className="card p-6 sm:p-8">
          <h1 className="mb-6 text-2xl font-semibold tracking-tight">{t("checkout.shipping.title")}</h1>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <FormAlert id={form.errorId} errors={form.errors?.map(msg)} />
            {prefilled ? <p className="rounded-md bg-stone-50 px-3 py-2 text-sm text-stone-600">{t("checkout.shipping.prefilled")}</p> : null}
            {guest ? (
              <>
                <p className="rounded-md bg-stone-50 px-3 py-2 text-sm text-stone-600">
                  <Trans
                    i18nKey="checkout.shipping.guest"
                    components={{ a: <Link to={lp(`/login?redirect=${lp("/shipping")}`)} className="font-semibold text-brand-700 hover:underline" /> }}
                  />
                </p>
                <Field meta={guestFields.name} label={t("checkout.shipping.name")} autoComplete="name" />
                <Field meta={guestFields.email} label={t("checkout.shipping.email")} type="email" autoComplete="email" />
              </>
            ) : null}
            <Field meta={fields.address} label={t("checkout.shipping.address")} autoComplete="street-address" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field meta={fields.city} label={t("checkout.shipping.city")} autoComplete="address-level2" />
              <Field meta={fields.postalCode} label={t("checkout.shipping.postalCode")} autoComplete="postal-code" />
            </div>
            <Field meta={fields.phone} label={t("checkout.shipping.phone")} type="tel" autoComplete="tel" hint={t("checkout.shipping.phoneHint")} />
            <fieldset>
              <legend className="label">{t("checkout.shipping.deliveryLabel")}</legend>
              <div className="flex gap-6">
                {DELIVERY_LABELS.map((label) => {
                  const props = getInputProps(fields.deliveryLabel, { type: "radio", value: label });
                  const id = `${fields.deliveryLabel.id}-${label.toLowerCase()}`;
                  return (
                    <label key={label} htmlFor={id} className="inline-flex items-center gap-2 text-sm">
                      <input {...props} key={props.key} id={id} className="h-4 w-4 border-stone-300 text-brand-600 focus:ring-brand-500" />
                      {deliveryLabelText(t, label)}
                    </label>
                  );
                })}
              </div>
              <FieldErrors id={fields.deliveryLabel.errorId} errors={fields.deliveryLabel.errors?.map(msg)} />
            </fieldset>
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? t("checkout.buttons.saving") : t("checkout.buttons.continue")}
            </button>
          </Form>
        </div>
        <CheckoutSummary {...summary} />
      </div>
    </div>
  );
}

function Field({
  meta,
  label,
  type = "text",
  autoComplete,
  hint,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  hint?: string;
}) {
  const msg = useMessage();
  const props = getInputProps(meta, { type });
  const hintId = `${meta.id}-hint`;
  const describedBy = [hint ? hintId : null, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="-mt-1 mb-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      <input {...props} key={props.key} aria-describedby={describedBy} autoComplete={autoComplete} className="input" />
      <FieldErrors id={meta.errorId} errors={meta.errors?.map(msg)} />
    </div>
  );
}

export const handle = checkoutLayout;

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("checkout.shipping.title") }) }];
};
