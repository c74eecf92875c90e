import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { CheckoutSummary } from "~/components/checkout/CheckoutSummary";
import { CheckoutSteps } from "~/components/CheckoutSteps";
import { getUserFromSession } from "~/models/accounts/auth.server";
import { commitWithinLimit, loadCart } from "~/models/orders/cart.server";
import { checkoutSummary, redirectIfNothingToOrder } from "~/models/orders/checkout-summary.server";
import { lastShippingAddress } from "~/models/orders/last-address.server";
import { ServiceError } from "~/models/platform/errors.server";
import { getSession, type ShippingInfo } from "~/models/accounts/session.server";
import { DELIVERY_LABELS, guestShippingSchema, shippingSchema } from "~/schemas/shipping";
import { CHECKOUT_COLUMNS, CHECKOUT_FRAME, checkoutLayout } from "~/utils/checkout-layout";
import { useZodForm } from "~/utils/use-zod-form";

const TOO_BIG = "Your cart and address are too large to save together. Shorten the address or remove some items.";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const [user, cart] = await Promise.all([getUserFromSession(session), loadCart(session)]);
  redirectIfNothingToOrder(cart);
  // What the shopper typed in this checkout wins; otherwise their last order's address.
  const shipping = session.get("shipping") ?? (user ? await lastShippingAddress(user.id) : null);
  return json({ guest: !user, shipping, summary: checkoutSummary(cart) });
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const user = await getUserFromSession(session);
  const formData = await request.formData();
  // Signed-in shoppers' orders carry their account's name and e-mail, so only guests give them.
  const submission = parseWithZod(formData, { schema: user ? shippingSchema : guestShippingSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { address, city, postalCode, phone, deliveryLabel, name, email } = submission.value as ShippingInfo;
  session.set("shipping", { address, city, postalCode, phone, deliveryLabel, ...(user ? {} : { name, email }) });
  try {
    return redirect("/payment", { headers: { "Set-Cookie": await commitWithinLimit(session, TOO_BIG) } });
  } catch (error) {
    if (error instanceof ServiceError) return json(submission.reply({ formErrors: [error.message] }), { status: 400 });
    throw error;
  }
}

export default function Shipping() {
  const { guest, shipping, summary } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
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
          <h1 className="mb-6 text-2xl font-bold tracking-tight">Shipping</h1>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <FormAlert id={form.errorId} errors={form.errors} />
            {guest ? (
              <>
                <p className="rounded-md bg-stone-50 px-3 py-2 text-sm text-stone-600">
                  Checking out as a guest.{" "}
                  <Link to="/login?redirect=/shipping" className="font-semibold text-brand-700 hover:underline">
                    Sign in
                  </Link>{" "}
                  to see this order in your profile.
                </p>
                <Field meta={guestFields.name} label="Name" autoComplete="name" />
                <Field meta={guestFields.email} label="Email Address" type="email" autoComplete="email" />
              </>
            ) : null}
            <Field meta={fields.address} label="Address" autoComplete="street-address" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field meta={fields.city} label="City" autoComplete="address-level2" />
              <Field meta={fields.postalCode} label="Postal Code" autoComplete="postal-code" />
            </div>
            <Field meta={fields.phone} label="Phone" type="tel" autoComplete="tel" hint="A Bangladeshi mobile number: the courier calls it" />
            <fieldset>
              <legend className="label">Delivery label</legend>
              <div className="flex gap-6">
                {DELIVERY_LABELS.map((label) => {
                  const props = getInputProps(fields.deliveryLabel, { type: "radio", value: label });
                  const id = `${fields.deliveryLabel.id}-${label.toLowerCase()}`;
                  return (
                    <label key={label} htmlFor={id} className="inline-flex items-center gap-2 text-sm">
                      <input {...props} key={props.key} id={id} className="h-4 w-4 border-stone-300 text-brand-600 focus:ring-brand-500" />
                      {label}
                    </label>
                  );
                })}
              </div>
              <FieldErrors id={fields.deliveryLabel.errorId} errors={fields.deliveryLabel.errors} />
            </fieldset>
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Saving…" : "Continue"}
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
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export const handle = checkoutLayout;

export const meta: MetaFunction = () => [{ title: "Shipping — TanaBana" }];
