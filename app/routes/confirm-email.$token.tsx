import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { FormCard } from "~/components/account/AuthForm";
import { useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { confirmEmailChange, EMAIL_LINK_INVALID, pendingEmailFor } from "~/models/accounts/profile.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { ServiceError } from "~/models/platform/errors.server";

// The link mailed to a new e-mail address (issue 27 item 2). Opening it shows
// the address and a button: a GET changes nothing, so a mail scanner that
// follows links cannot confirm on the owner's behalf.

export async function loader({ params }: LoaderFunctionArgs) {
  const email = await pendingEmailFor(params.token ?? "");
  return json({ email, invalidMessage: email ? null : EMAIL_LINK_INVALID }, { status: email ? 200 : 410, headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  try {
    await confirmEmailChange(params.token ?? "");
  } catch (error) {
    if (error instanceof ServiceError) return json({ message: error.message }, { status: error.status });
    throw error;
  }
  const session = await getSession(request);
  return redirectWithToast(localePath(langOf(request), "/profile"), "Your email address has been changed", { session });
}

export default function ConfirmEmail() {
  const { email, invalidMessage } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const msg = useMessage();
  const lp = useLocalePath();
  const footer = (
    <Link to={lp("/profile")} className="font-semibold text-brand-700 hover:underline">
      {t("account.confirmEmail.profile")}
    </Link>
  );
  const problem = failed?.message ?? invalidMessage;
  return (
    <FormCard title={t("account.confirmEmail.title")} footer={footer}>
      {problem ? (
        <p role="alert" className="text-sm text-gray-800">
          {msg(problem)}
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-gray-800">{t("account.confirmEmail.body", { email })}</p>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? t("account.confirmEmail.busy") : t("account.confirmEmail.submit")}
          </button>
        </Form>
      )}
    </FormCard>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("account.confirmEmail.title") }) }, { name: "robots", content: "noindex" }];
};
