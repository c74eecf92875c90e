import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";

import { FormAlert, FormCard, TextField } from "~/components/account/AuthForm";
import { useT } from "~/i18n/hooks";
import { langOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { clientIp } from "~/models/accounts/auth.server";
import { replyWithError } from "~/web/guards.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { rememberLookupProof } from "~/models/orders/lookup-proof.server";
import { findGuestOrder } from "~/models/orders/order-lookup.server";
import { orderLookupSchema } from "~/schemas/order-lookup";
import { useZodForm } from "~/hooks/use-zod-form";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: orderLookupSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    const order = await findGuestOrder({ ...submission.value, ip: clientIp(context) });
    // The number and the e-mail or phone just proved it: the cancel on the order page will not ask again.
    const session = await getSession(request);
    rememberLookupProof(session, order.id);
    return redirect(localePath(langOf(request), `/order/${order.id}`), { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    const { result, status } = replyWithError(submission, error);
    return json(result, { status });
  }
}

export default function FindOrder() {
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const [form, fields] = useZodForm(orderLookupSchema, { lastResult });
  return (
    <FormCard title={t("order.find.title")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <p className="text-sm text-gray-700">{t("order.find.intro")}</p>
        <TextField meta={fields.orderNumber} label={t("order.find.orderNumber")} hint={t("order.find.orderNumberHint")} autoComplete="off" />
        <TextField meta={fields.contact} label={t("order.find.contact")} autoComplete="email" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("order.find.busy") : t("order.find.submit")}
        </button>
      </Form>
    </FormCard>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("order.find.title") }) }];
};
