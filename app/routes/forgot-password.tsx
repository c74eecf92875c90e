import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";

import { FormAlert, FormCard, TextField } from "~/components/account/AuthForm";
import { useLocalePath, useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { clientIp } from "~/models/accounts/auth.server";
import { replyWithError } from "~/web/guards.server";
import { RESET_REQUESTED, requestPasswordReset } from "~/models/accounts/password-reset.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { forgotPasswordSchema } from "~/schemas/user";
import { useZodForm } from "~/hooks/use-zod-form";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await requestPasswordReset({ email: submission.value.email, ip: clientIp(context), lang: langOf(request) });
  } catch (error) {
    const { result, status } = replyWithError(submission, error);
    return json(result, { status });
  }
  // The same answer whether or not the account exists (no enumeration).
  return redirectWithToast(localePath(langOf(request), "/login"), { type: "info", message: RESET_REQUESTED }, { session: await getSession(request) });
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const lp = useLocalePath();
  const [form, fields] = useZodForm(forgotPasswordSchema, { lastResult });
  return (
    <FormCard
      title={t("account.forgot.title")}
      footer={
        <>
          {t("account.forgot.remembered")}{" "}
          <Link to={lp("/login")} className="font-semibold text-brand-700 hover:underline">
            {t("account.forgot.signIn")}
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <p className="text-sm text-gray-700">{t("account.forgot.intro")}</p>
        <TextField meta={fields.email} label={t("account.fields.email")} type="email" autoComplete="email" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("account.forgot.busy") : t("account.forgot.submit")}
        </button>
      </Form>
    </FormCard>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("account.forgot.title") }) }];
};
