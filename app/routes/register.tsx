import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { FormAlert, FormCard, TextField } from "~/components/AuthForm";
import { clientIp, getUser, replyWithError, signInSession } from "~/models/accounts/auth.server";
import { limitAuthAttempt } from "~/models/accounts/rate-limit.server";
import { commitSession, getSession } from "~/models/accounts/session.server";
import { registerUser } from "~/models/accounts/user.server";
import { registerSchema } from "~/schemas/user";
import { safeRedirect, withRedirect } from "~/utils/safe-redirect";
import { useZodForm } from "~/utils/use-zod-form";

const hideFields = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (await getUser(request)) throw redirect(redirectTo);
  return json({ redirectTo });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400 });
  try {
    const { email } = submission.value;
    const user = await limitAuthAttempt({ ip: clientIp(context), email }, () => registerUser(submission.value));
    const session = await getSession(request);
    signInSession(session, user);
    return redirect(redirectTo, { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    const { result, status } = replyWithError(submission, error, hideFields);
    return json(result, { status });
  }
}

export default function Register() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(registerSchema, { lastResult });
  const loginHref = withRedirect("/login", redirectTo);

  return (
    <FormCard
      title="Register"
      footer={
        <>
          Already have an account?{" "}
          <Link to={loginHref} className="font-semibold text-brand-700 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField meta={fields.name} label="Name" autoComplete="name" />
        <TextField meta={fields.email} label="Email Address" type="email" autoComplete="email" />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <TextField meta={fields.confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Creating account…" : "Register"}
        </button>
      </Form>
    </FormCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Register — TanaBana" }];
