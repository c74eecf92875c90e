import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AccountFields, FormAlert, FormCard } from "~/components/account/AuthForm";
import { useLocalePath, useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { clientIp, getUser, signInAndRedirect } from "~/models/accounts/auth.server";
import { replyWithError } from "~/web/guards.server";
import { limitAuthAttempt, limitRegistration } from "~/models/accounts/rate-limit.server";
import { registerUser } from "~/models/accounts/user.server";
import { registerSchema } from "~/schemas/user";
import { safeRedirect, withRedirect } from "~/web/safe-redirect";
import { useZodForm } from "~/hooks/use-zod-form";

const hideFields = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  // Without a `redirect`, the home page of the page's language; a given target is followed as it is.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirect"), localePath(langOf(request), "/"));
  if (await getUser(request)) throw redirect(redirectTo);
  return json({ redirectTo });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"), localePath(langOf(request), "/"));
  const submission = parseForm(formData, { schema: registerSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400 });
  try {
    const { email } = submission.value;
    const user = await limitRegistration(clientIp(context), () => limitAuthAttempt({ ip: clientIp(context), email }, () => registerUser(submission.value)));
    return await signInAndRedirect(request, user, redirectTo);
  } catch (error) {
    const { result, status } = replyWithError(submission, error, hideFields);
    return json(result, { status });
  }
}

export default function Register() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const lp = useLocalePath();
  const [form, fields] = useZodForm(registerSchema, { lastResult });
  // The language's home is the default target: the link does not carry it.
  const loginHref = withRedirect(lp("/login"), redirectTo === lp("/") ? "/" : redirectTo);

  return (
    <FormCard
      title={t("account.register.title")}
      footer={
        <>
          {t("account.register.haveAccount")}{" "}
          <Link to={loginHref} className="font-semibold text-brand-700 hover:underline">
            {t("account.register.signIn")}
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AccountFields fields={fields} passwordHint={t("account.register.passwordHint")} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("account.register.busy") : t("account.register.submit")}
        </button>
      </Form>
    </FormCard>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("account.register.title") }) }];
};
