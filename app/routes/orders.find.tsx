import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";

import { FormAlert, FormCard, TextField } from "~/components/AuthForm";
import { clientIp, replyWithError } from "~/models/accounts/auth.server";
import { findGuestOrder } from "~/models/orders/order-lookup.server";
import { orderLookupSchema } from "~/schemas/order-lookup";
import { useZodForm } from "~/utils/use-zod-form";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: orderLookupSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    const order = await findGuestOrder({ ...submission.value, ip: clientIp(context) });
    return redirect(`/order/${order.id}`);
  } catch (error) {
    const { result, status } = replyWithError(submission, error);
    return json(result, { status });
  }
}

export default function FindOrder() {
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(orderLookupSchema, { lastResult });
  return (
    <FormCard title="Find your order">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <p className="text-sm text-gray-700">Ordered without an account? Enter the order number from your confirmation and the email or phone you gave at checkout.</p>
        <TextField meta={fields.orderNumber} label="Order number" hint="Like TB-10001" autoComplete="off" />
        <TextField meta={fields.contact} label="Email or phone" autoComplete="email" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Looking…" : "Find order"}
        </button>
      </Form>
    </FormCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Find your order — TanaBana" }];
