import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { FormAlert, FormCard, TextField } from "~/components/account/AuthForm";
import { useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { clientIp, signInSession } from "~/models/accounts/auth.server";
import { replyWithError } from "~/web/guards.server";
import { isResetTokenUsable, RESET_LINK_INVALID, resetPassword } from "~/models/accounts/password-reset.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { resetPasswordSchema } from "~/schemas/user";
import { useZodForm } from "~/hooks/use-zod-form";

const hideFields = ["password", "confirmPassword"];

export async function loader({ params }: LoaderFunctionArgs) {
  const usable = await isResetTokenUsable(params.token ?? "");
  // The words travel in the loader data: a `.server` import is empty in the browser bundle.
  return json({ usable, invalidMessage: usable ? null : RESET_LINK_INVALID }, { status: usable ? 200 : 410, headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400 });
  try {
    const user = await resetPassword({ token: params.token ?? "", password: submission.value.password, ip: clientIp(context) });
    const session = await getSession(request);
    signInSession(session, user);
    return redirectWithToast(localePath(langOf(request), "/"), "Your password has been changed and you are signed in", { session });
  } catch (error) {
    const { result, status } = replyWithError(submission, error, hideFields);
    return json(result, { status });
  }
}

function AskAgain() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Link to={lp("/forgot-password")} className="font-semibold text-brand-700 hover:underline">
      {t("account.reset.askAgain")}
    </Link>
  );
}

export default function ResetPassword() {
  const { usable, invalidMessage } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const msg = useMessage();
  const [form, fields] = useZodForm(resetPasswordSchema, { lastResult });
  if (!usable) {
    return (
      <FormCard title={t("account.reset.title")} footer={<AskAgain />}>
        <p role="alert" className="text-sm text-gray-800">
          {msg(invalidMessage)}
        </p>
      </FormCard>
    );
  }
  return (
    <FormCard title={t("account.reset.choose")} footer={<AskAgain />}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField meta={fields.password} label={t("account.reset.password")} type="password" autoComplete="new-password" />
        <TextField meta={fields.confirmPassword} label={t("account.reset.confirmPassword")} type="password" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("account.reset.busy") : t("account.reset.submit")}
        </button>
      </Form>
    </FormCard>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("account.reset.title") }) }];
};
