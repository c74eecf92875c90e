import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { askToConfirm, ConfirmButton, ConfirmStep, type ConfirmRequest } from "~/components/admin/Confirm";
import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { BanglaHint, RichTextField } from "~/components/admin/RichTextField";
import { requireAdmin } from "~/web/guards.server";
import { createFooterPage, deleteFooterPage, getFooterPage, listFooterPages, updateFooterPage } from "~/models/content/footer.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { footerSchema } from "~/schemas/footer";
import { adminWrite, describeFailure, loadAdminData, toId } from "~/web/admin.server";
import { htmlToText } from "~/models/platform/sanitize.server";
import { truncateText } from "~/utils/truncate";
import { useZodForm } from "~/hooks/use-zod-form";

const PATH = "/admin/footerCreate";

// One screen writes and lists the footer information pages; `?edit={id}`
// loads a page into the form instead of starting a new one.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const editId = toId(new URL(request.url).searchParams.get("edit"));
  return json(
    await loadAdminData(async () => {
      const [pages, editing] = await Promise.all([listFooterPages(), editId ? getFooterPage(editId) : null]);
      return {
        editing,
        // Previews are plain text: the HTML stays on the server.
        pages: pages.map((p) => ({ id: p.id, title: p.title, preview: truncateText(htmlToText(p.description), 100) })),
      };
    }),
  );
}

type DeleteResult = { formError?: string; confirm?: ConfirmRequest };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const session = await getSession(request);
  const id = toId(formData.get("id"));

  if (formData.get("intent") === "delete" && id) {
    return adminWrite(async () => {
      const page = await getFooterPage(id);
      const confirm = askToConfirm(formData, {
        intent: "delete",
        fields: { id: String(id) },
        detail: `Delete the footer page “${page.title}”?`,
        confirmLabel: "Yes, delete page",
      });
      if (confirm) return json<DeleteResult>({ confirm });
      await deleteFooterPage(admin, id);
      return redirectWithToast(PATH, "Footer page deleted", { session });
    }, "Error deleting footer page");
  }

  const submission = parseForm(formData, { schema: footerSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    if (id) await updateFooterPage(admin, id, submission.value);
    else await createFooterPage(admin, submission.value);
  } catch (error) {
    const failure = describeFailure(error, "Error saving footer page");
    return json({ result: submission.reply({ formErrors: [failure.message], fieldErrors: failure.fieldErrors }) }, { status: failure.status });
  }
  return redirectWithToast(PATH, id ? "Footer page updated" : "Footer page created", { session });
}

export default function FooterAdmin() {
  const { pages, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteResult = actionData && !("result" in actionData) ? (actionData as DeleteResult) : undefined;
  const saveResult = actionData && "result" in actionData ? actionData.result : undefined;

  return (
    <section>
      <AdminHeader title="Footer Information" />
      <ConfirmStep request={deleteResult?.confirm} />
      <div className="mb-4">
        <FormAlert errors={[deleteResult?.formError]} />
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <FooterForm key={editing?.id ?? "new"} editing={editing} lastResult={saveResult} />
        <div>
          <h2 className="mb-3 text-lg font-semibold">Pages</h2>
          {pages.length === 0 ? (
            <p className="card p-6 text-center text-stone-600">No footer info yet</p>
          ) : (
            <ul className="space-y-3">
              {pages.map((p) => (
                <li key={p.id} className="card p-4">
                  <h3 className="font-semibold">{p.title}</h3>
                  <p className="mt-1 break-words text-sm text-stone-600">{p.preview}</p>
                  <div className="mt-3 flex gap-2">
                    <Link to={`${PATH}?edit=${p.id}`} className="btn-secondary px-3 py-1 text-xs" aria-label={`Edit ${p.title}`}>
                      Edit
                    </Link>
                    <ConfirmButton intent="delete" fields={{ id: String(p.id) }} className="btn-danger px-3 py-1 text-xs" label={`Delete ${p.title}`}>
                      Delete
                    </ConfirmButton>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function FooterForm({
  editing,
  lastResult,
}: {
  editing: { id: number; title: string; titleBn?: string | null; description: string; descriptionBn?: string | null } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(footerSchema, {
    id: `footer-${editing?.id ?? "new"}`,
    lastResult,
    defaultValue: {
      title: editing?.title ?? "",
      titleBn: editing?.titleBn ?? "",
      description: editing?.description ?? "",
      descriptionBn: editing?.descriptionBn ?? "",
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-5 p-5">
      <h2 className="text-lg font-semibold">{editing ? `Edit “${editing.title}”` : "New page"}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <div>
        <label htmlFor={fields.title.id} className="label">
          Title
        </label>
        <input {...getInputProps(fields.title, { type: "text" })} className="input" />
        <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
      </div>
      <div>
        <label htmlFor={fields.titleBn.id} className="label">
          Title (Bangla)
        </label>
        <input {...getInputProps(fields.titleBn, { type: "text" })} lang="bn" className="input" />
        <BanglaHint />
        <FieldErrors id={fields.titleBn.errorId} errors={fields.titleBn.errors} />
      </div>
      <RichTextField
        id={fields.description.id}
        name={fields.description.name}
        label="Description"
        defaultValue={(fields.description.initialValue as string | undefined) ?? ""}
        errors={fields.description.errors}
        errorId={fields.description.errorId}
      />
      <RichTextField
        id={fields.descriptionBn.id}
        name={fields.descriptionBn.name}
        label="Description (Bangla)"
        lang="bn"
        defaultValue={(fields.descriptionBn.initialValue as string | undefined) ?? ""}
        errors={fields.descriptionBn.errors}
        errorId={fields.descriptionBn.errorId}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {editing ? "Update" : "Submit"}
        </button>
        {editing ? (
          <Link to={PATH} className="btn-secondary">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Footer pages — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
