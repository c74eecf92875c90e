import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { FormAlert, FormCard, TextField } from "~/components/account/AuthForm";
import { useLocalePath, useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath } from "~/i18n/languages";
import { authenticator, clientIp, getUser, signInAndRedirect } from "~/models/accounts/auth.server";
import { replyWithError } from "~/web/guards.server";
import { limitAuthAttempt } from "~/models/accounts/rate-limit.server";
import { loginSchema } from "~/schemas/user";
import { afterSignIn, safeRedirect, withRedirect } from "~/web/safe-redirect";
import { useZodForm } from "~/hooks/use-zod-form";

const hideFields = ["password"];

export async function loader({ request }: LoaderFunctionArgs) {
  // A safe `redirect` is followed as it is; without one ("" here) signing in lands where afterSignIn says.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirect"), "");
  const user = await getUser(request);
  if (user) throw redirect(afterSignIn(redirectTo, user, langOf(request)));
  return json({ redirectTo });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth's FormStrategy reads the body itself, so validate a clone.
  const formData = await request.clone().formData();
  const submission = parseForm(formData, { schema: loginSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400 });
  try {
    const user = await limitAuthAttempt({ ip: clientIp(context), email: submission.value.email }, () => authenticator.authenticate("form", request));
    return await signInAndRedirect(request, user, afterSignIn(formData.get("redirectTo"), user, langOf(request)));
  } catch (error) {
    const { result, status } = replyWithError(submission, error, hideFields);
    return json(result, { status });
  }
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const lp = useLocalePath();
  const [form, fields] = useZodForm(loginSchema, { lastResult });
  // Without an asked-for page, the link carries none either.
  const registerHref = redirectTo ? withRedirect(lp("/register"), redirectTo) : lp("/register");

  return (
    <FormCard
      title={t("account.login.title")}
      footer={
        <>
          {t("account.login.newCustomer")}{" "}
          <Link to={registerHref} className="font-semibold text-brand-700 hover:underline">
            {t("account.login.register")}
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField meta={fields.email} label={t("account.fields.email")} type="email" autoComplete="email" />
        <TextField meta={fields.password} label={t("account.fields.password")} type="password" autoComplete="current-password" />
        <p className="text-right text-sm">
          <Link to={lp("/forgot-password")} className="text-brand-700 hover:underline">
            {t("account.login.forgot")}
          </Link>
        </p>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("account.login.busy") : t("account.login.submit")}
        </button>
      </Form>
    </FormCard>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("account.login.title") }) }];
};
