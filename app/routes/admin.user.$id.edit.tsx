import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { CheckboxField, FormAlert, FormCard, TextField } from "~/components/account/AuthForm";
import { replyWithError, requireAdmin } from "~/web/guards.server";
import { ServiceError } from "~/models/platform/errors.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { adminUpdateUser, getUserById, userActions } from "~/models/accounts/user.server";
import { adminUserSchema } from "~/schemas/user";
import { MAX_ID } from "~/schemas/numberish";
import { safeRedirect } from "~/web/safe-redirect";
import { useZodForm } from "~/hooks/use-zod-form";

const USER_LIST = "/admin/userlist";

function userIdParam(value: string | undefined) {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    throw new Response("User not found", { status: 404 });
  }
  return id;
}

/** The user list (with its page and search) the admin came from; only /admin/userlist URLs are followed. */
function backTo(request: Request) {
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), USER_LIST);
  return to === USER_LIST || to.startsWith(`${USER_LIST}?`) ? to : USER_LIST;
}

async function loadUser(id: number) {
  try {
    return await getUserById(id);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw new Response("User not found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const user = await loadUser(userIdParam(params.id));
  // What this admin may do here, by the rule the service enforces; the page only shows it.
  return json({ user, actions: userActions(admin, user), back: backTo(request) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = userIdParam(params.id);
  const submission = parseForm(await request.formData(), { schema: adminUserSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await adminUpdateUser(admin, id, submission.value);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw new Response("User not found", { status: 404 });
    const { result, status } = replyWithError(submission, error);
    return json(result, { status });
  }
  return redirectWithToast(backTo(request), "user updated successfully", { session: await getSession(request) });
}

export default function EditUser() {
  const { user, actions, back: backHref } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(adminUserSchema, {
    lastResult,
    defaultValue: { name: user.name, email: user.email, isAdmin: user.isAdmin },
  });

  const back = (
    <Link to={backHref} className="font-semibold text-brand-700 hover:underline">
      ← Back to users
    </Link>
  );

  if (!actions.includes("edit")) {
    return (
      <FormCard title="Edit User" footer={back}>
        <FormAlert errors={[`${user.name} is an admin: admins cannot edit other admins.`]} />
      </FormCard>
    );
  }

  return (
    <FormCard title="Edit User" footer={back}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField meta={fields.name} label="Name" autoComplete="off" />
        <TextField meta={fields.email} label="Email Address" type="email" autoComplete="off" />
        <CheckboxField meta={fields.isAdmin} label="Is Admin" />
        {actions.includes("change-admin") ? null : <p className="text-xs text-stone-500">This is your own account: you cannot remove your own admin rights.</p>}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Saving…" : "Update"}
        </button>
      </Form>
    </FormCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit ${data.user.name} — Admin — TanaBana` : "Edit user — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/userlist", label: "← Back to users" }} />;
}
