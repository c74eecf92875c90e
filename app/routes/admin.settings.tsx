import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { CourierSettings } from "~/components/admin/CourierSettings";
import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { ReviewHoldSetting } from "~/components/admin/ReviewHoldSetting";
import { requireAdmin } from "~/web/guards.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { CALL_HOLD_HOURS, holdMinutes } from "~/models/orders/cod-hold.server";
import { DEFAULT_SETTINGS, getSettings, openedSettings, saveChangedSettings } from "~/models/platform/settings.server";
import { courierSetup } from "~/models/shipping/index.server";
import { smsIsCaptured } from "~/models/sms/index.server";
import { shopSettingsSchema, type ShopSettings } from "~/schemas/settings";
import { useZodForm } from "~/hooks/use-zod-form";

// The shop's settings (issue 26): which cash-on-delivery orders wait for a
// code, and the limits that stop one visitor from emptying the shop.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({
    settings: await getSettings(),
    defaults: DEFAULT_SETTINGS,
    holdMinutes: holdMinutes(),
    // A server module's constant is not in the browser's bundle: it comes with the data.
    callHoldHours: CALL_HOLD_HOURS,
    smsCaptured: smsIsCaptured(),
    couriers: courierSetup(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: shopSettingsSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  // Only what this admin changed: a page opened before another save must not undo it (decision 107).
  await saveChangedSettings(admin, submission.value, openedSettings(formData.get("opened")));
  return redirectWithToast("/admin/settings", "Settings saved", { session: await getSession(request) });
}

type NumberKey = Exclude<keyof ShopSettings, "codConfirm" | "couriersOn" | "defaultCourier" | "holdUnverifiedReviews">;

const LIMITS: { key: NumberKey; label: string; hint: string }[] = [
  { key: "ordersPerPhonePerDay", label: "Orders per phone number, per 24 hours", hint: "Carries most of the weight: a fake order needs a phone." },
  { key: "ordersPerEmailPerDay", label: "Orders per e-mail address, per 24 hours", hint: "" },
  { key: "ordersPerAccountPerDay", label: "Orders per signed-in account, per 24 hours", hint: "" },
  {
    key: "ordersPerIpPerHour",
    label: "Orders per internet address, per hour",
    hint: "Keep it generous: mobile operators put many customers behind one address. It stops a script that invents a new phone for each order.",
  },
  { key: "maxQtyPerLine", label: "Most pieces of one product in one size, per order", hint: "The cart and the product page stop here and say so." },
  { key: "maxLinesPerOrder", label: "Most different items per order", hint: "" },
  { key: "maxQtyPerOrder", label: "Most pieces per order", hint: "" },
  {
    key: "heldPiecesPerPhone",
    label: "Pieces held by orders not yet shipped, per phone number",
    hint: "All of a buyer's open orders together: a script cannot hold the catalogue with many small orders.",
  },
  { key: "heldPiecesPerAccount", label: "Pieces held by orders not yet shipped, per account", hint: "" },
  {
    key: "heldPiecesPerIp",
    label: "Pieces held by orders not yet shipped, per internet address",
    hint: "Keep it generous: one address is often many customers.",
  },
];

const SMS_BUDGETS: { key: NumberKey; label: string; hint: string }[] = [
  { key: "smsPerPhonePerHour", label: "Code SMS per phone number, per hour", hint: "First codes and resends alike." },
  { key: "smsPerIpPerHour", label: "Code SMS per internet address, per hour", hint: "" },
  {
    key: "smsPerShopPerHour",
    label: "Code SMS for the whole shop, per hour",
    hint: "What SMS pumping can cost you at most. When it runs out the dashboard says so.",
  },
];

/** The phone record's thresholds (issue 37, decision 092). */
const RECORD: { key: NumberKey; label: string; hint: string }[] = [
  { key: "riskyBelowPercent", label: "Risky below this delivered share (percent)", hint: "Of a number's delivered, returned and never-confirmed orders." },
  { key: "riskyMinFailures", label: "Risky only after this many returned or unconfirmed orders", hint: "One refusal can happen to anyone." },
  { key: "callNewAboveTaka", label: "Call a new number whose order is above (taka)", hint: "Such an order gets no SMS code: it waits for your call." },
];

function NumberField({ field, label, hint, fallback }: { field: FieldMetadata<number>; label: string; hint: string; fallback: number }) {
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <input {...getInputProps(field, { type: "number" })} min={1} step={1} className="input w-32" />
      <p className="mt-1 text-xs text-stone-600">
        {hint ? `${hint} ` : ""}Default {fallback}.
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export default function Settings() {
  const { settings, defaults, holdMinutes: hold, callHoldHours, smsCaptured, couriers } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const defaultValue = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, Array.isArray(v) ? v : String(v)]));
  const [form, fields] = useZodForm(shopSettingsSchema, { lastResult, defaultValue, shouldValidate: "onSubmit" });
  return (
    <section className="mx-auto max-w-2xl">
      <AdminHeader title="Settings" />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormAlert id={form.errorId} errors={form.errors} />
        {/* What this page shows, so a save writes only what the admin changed here (decision 107). */}
        <input type="hidden" name="opened" value={JSON.stringify(settings)} />
        <fieldset className="card space-y-3 p-5">
          <legend className="px-1 text-lg font-semibold">Cash on delivery: confirm orders by SMS code</legend>
          <p className="text-sm text-stone-600">
            An order that must be confirmed gets a 6-digit code by SMS. Its items are held for {hold} minutes (COD_CONFIRM_MINUTES); unconfirmed, it is
            cancelled as &ldquo;not confirmed&rdquo; and the items go back on sale. You can also confirm an order by call from its page.
            {smsCaptured ? " SMS_URL is not set: texts are kept for you under Mail, not sent." : ""}
          </p>
          {(
            [
              ["guests", "Guest orders, and accounts until their first delivered order (recommended)"],
              ["all", "All orders"],
              ["none", "No orders"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.codConfirm.name}
                value={value}
                defaultChecked={(fields.codConfirm.initialValue ?? defaults.codConfirm) === value}
              />
              {label}
            </label>
          ))}
          <FieldErrors id={fields.codConfirm.errorId} errors={fields.codConfirm.errors} />
        </fieldset>
        <fieldset className="card grid gap-5 p-5 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">Order limits</legend>
          <p className="text-sm text-stone-600 sm:col-span-2">
            Shared by every instance. A buyer may use a whole limit at once, then gets one more order back every period divided by the limit (5 a day: one more
            every 4.8 hours). A refused order is told when to try again and never takes stock.
          </p>
          {LIMITS.map((l) => (
            <NumberField key={l.key} field={fields[l.key] as FieldMetadata<number>} label={l.label} hint={l.hint} fallback={defaults[l.key]} />
          ))}
        </fieldset>
        <fieldset className="card grid gap-5 p-5 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">SMS budgets</legend>
          <p className="text-sm text-stone-600 sm:col-span-2">
            Every code SMS counts. Past a budget no SMS goes out: the order page says we will call, and the order waits for your &ldquo;confirmed by call&rdquo;
            (its items are held for {callHoldHours} hours).
          </p>
          {SMS_BUDGETS.map((l) => (
            <NumberField key={l.key} field={fields[l.key] as FieldMetadata<number>} label={l.label} hint={l.hint} fallback={defaults[l.key]} />
          ))}
        </fieldset>
        <fieldset className="card grid gap-5 p-5 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">Buyer&apos;s record</legend>
          <p className="text-sm text-stone-600 sm:col-span-2">
            A risky number&apos;s orders, and a new number&apos;s large ones, wait for your call instead of an SMS code. See Customers by phone.
          </p>
          {RECORD.map((l) => (
            <NumberField key={l.key} field={fields[l.key] as FieldMetadata<number>} label={l.label} hint={l.hint} fallback={defaults[l.key]} />
          ))}
        </fieldset>
        <CourierSettings
          on={fields.couriersOn as FieldMetadata<string[]>}
          chosen={fields.defaultCourier as FieldMetadata<string>}
          setup={couriers}
          current={settings}
        />
        <ReviewHoldSetting field={fields.holdUnverifiedReviews as FieldMetadata<boolean>} on={settings.holdUnverifiedReviews} />
        <button type="submit" className="btn-primary" disabled={busy}>
          Save Settings
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary fallback="Settings could not be loaded" back={{ to: "/admin", label: "Back to the dashboard" }} />;
}

export const meta: MetaFunction = () => [{ title: "Settings — Admin — TanaBana" }];
