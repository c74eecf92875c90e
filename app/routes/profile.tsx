import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";

import { AccountFields, FormAlert } from "~/components/account/AuthForm";
import { MyOrders } from "~/components/account/MyOrders";
import { useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { clientIp, signInSession } from "~/models/accounts/auth.server";
import { replyWithError, requireUser } from "~/web/guards.server";
import { EMAIL_CHANGE_SENT, updateProfile } from "~/models/accounts/profile.server";
import { listUserOrders } from "~/models/orders/order.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { profileSchema } from "~/schemas/user";
import { useZodForm } from "~/hooks/use-zod-form";

const hideFields = ["currentPassword", "password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ user, orders: await listUserOrders(user.id) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await request.formData(), { schema: profileSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400 });
  try {
    const { name, email, password, currentPassword } = submission.value;
    const lang = langOf(request);
    const { account, pendingEmail } = await updateProfile(user.id, { name, email, password, currentPassword }, { ip: clientIp(context), lang });
    // Renews this sign-in (never past 30 days from signing in) and, after a password
    // change, moves it to the new session version: every other session is refused from now on.
    const session = await getSession(request);
    signInSession(session, account, { renew: true });
    const toast = pendingEmail ? { type: "info" as const, message: EMAIL_CHANGE_SENT } : "Profile updated successfully";
    return redirectWithToast(localePath(lang, "/profile"), toast, { session });
  } catch (error) {
    const { result, status } = replyWithError(submission, error, hideFields);
    return json(result, { status });
  }
}

export default function Profile() {
  const { user, orders } = useLoaderData<typeof loader>();
  const t = useT();
  // A new location (the redirect after a save) starts the form again from the
  // stored values, with the password fields empty: the form is mounted afresh.
  // Its id stays "profile": conform checks that the submit event comes from the
  // form with its id, and an id that followed the location (as it once did)
  // was a step behind the form in the page, so every save threw in the page
  // (issue 28 item 15).
  const { key } = useLocation();

  return (
    // minmax(0, …) columns: a grid column otherwise grows to its widest child, and the
    // orders table made the whole page scroll sideways on a phone.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-labelledby="profile-heading" className="card h-fit p-6">
        <h1 id="profile-heading" className="mb-6 text-2xl font-semibold tracking-tight">
          {t("account.profile.heading")}
        </h1>
        <ProfileForm key={key} user={user} />
      </section>
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="mb-4 text-xl font-semibold">
          {t("account.profile.orders")}
        </h2>
        {orders.length === 0 ? <p className="text-sm text-stone-600">{t("account.profile.noOrders")}</p> : <MyOrders orders={orders} />}
      </section>
    </div>
  );
}

function ProfileForm({ user }: { user: { name: string; email: string } }) {
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const [form, fields] = useZodForm(profileSchema, {
    id: "profile",
    lastResult,
    defaultValue: { name: user.name, email: user.email },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <AccountFields
        fields={fields}
        passwordHint={t("account.profile.passwordHint")}
        currentPassword={{ meta: fields.currentPassword, hint: t("account.profile.currentPasswordHint") }}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? t("account.profile.busy") : t("account.profile.submit")}
      </button>
    </Form>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("account.profile.title") }) }];
};
