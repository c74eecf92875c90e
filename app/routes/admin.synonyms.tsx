import { parseForm } from "~/web/form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { askToConfirm, ConfirmButton, ListActionResult, type ListActionData } from "~/components/admin/Confirm";
import { FieldErrors } from "~/components/admin/FormErrors";
import { requireAdmin } from "~/web/guards.server";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { deleteSynonymGroup, listSynonymGroups, saveSynonymGroup } from "~/models/catalogue/synonyms.server";
import { SYNONYMS_REQUIRED, synonymGroupSchema } from "~/schemas/synonyms";
import { adminWrite, describeFailure, loadAdminData, toId } from "~/web/admin.server";

// The search synonyms (issue 28 item 22): groups of terms a shopper types for
// one thing. One plain form per group, so it all works without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json({ groups: await loadAdminData(() => listSynonymGroups(admin)) });
}

/** A refused save: which row ("new" or the group's id), what was typed, and why. */
type ActionData = ListActionData & { row?: string; typed?: string; errors?: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const session = await getSession(request);
  const id = toId(formData.get("id"));

  if (intent === "save") {
    const row = id === null ? "new" : String(id);
    const typed = String(formData.get("terms") ?? "");
    const refused = (errors: string[], status = 400) => json<ActionData>({ row, typed, errors }, { status });
    const submission = parseForm(formData, { schema: synonymGroupSchema });
    if (submission.status !== "success") return refused(submission.error?.terms ?? [SYNONYMS_REQUIRED]);
    try {
      await saveSynonymGroup(admin, id, submission.value);
    } catch (error) {
      const failure = describeFailure(error, "Error saving the synonyms");
      return refused(failure.fieldErrors?.terms ?? [failure.message], failure.status);
    }
    return redirectWithToast("/admin/synonyms", id === null ? "Synonyms added" : "Synonyms saved", { session });
  }

  if (intent !== "delete" || id === null) return json<ActionData>({ formError: "Unknown action" }, { status: 400 });
  return adminWrite(async () => {
    const group = (await listSynonymGroups(admin)).find((g) => g.id === id);
    const confirm = askToConfirm(formData, {
      intent: "delete",
      fields: { id: String(id) },
      detail: `Delete the synonyms “${group?.terms.join(", ") ?? id}”? Each of these words then finds only itself.`,
      confirmLabel: "Yes, delete these synonyms",
    });
    if (confirm) return json<ActionData>({ confirm });
    await deleteSynonymGroup(admin, id);
    return redirectWithToast("/admin/synonyms", "Synonyms deleted", { session });
  }, "Error deleting the synonyms");
}

export default function Synonyms() {
  const { groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const failed = (row: string) => (actionData?.row === row ? actionData : undefined);
  return (
    <section className="max-w-3xl">
      <AdminHeader title="Search synonyms" />
      <p className="mb-4 text-sm text-stone-700">
        Words shoppers type for the same thing. A search or a suggestion for any word of a group also finds the others, in English or Bangla
        (&ldquo;shari&rdquo; finds sarees, &ldquo;শাড়ি&rdquo; too), and none of them is ever &ldquo;corrected&rdquo; as a typo. Separate the words with commas;
        a word belongs to one group only. Changes show in the shop at once.
      </p>
      <ListActionResult data={actionData} />
      <GroupForm row="new" label="New synonyms" value="" failed={failed("new")} submit="Add synonyms" />
      <h2 className="mb-2 mt-8 text-lg font-semibold">
        {groups.length} {groups.length === 1 ? "group" : "groups"}
      </h2>
      {groups.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No synonyms yet</p>
      ) : (
        <ul className="space-y-3">
          {groups.map((g) => (
            <li key={`${g.id}:${g.terms.join(",")}`} className="card p-3">
              <GroupForm row={String(g.id)} label={`Synonyms of “${g.terms[0]}”`} value={g.terms.join(", ")} failed={failed(String(g.id))} submit="Save">
                <Link to={`/search/${encodeURIComponent(g.terms[0] ?? "")}`} className="mr-auto text-sm text-brand-700 hover:underline">
                  See what “{g.terms[0]}” finds
                </Link>
                <ConfirmButton
                  intent="delete"
                  fields={{ id: String(g.id) }}
                  className="btn border border-red-300 bg-white px-3 py-1 text-xs text-red-700 hover:bg-red-50"
                  label={`Delete the synonyms of “${g.terms[0]}”`}
                >
                  Delete
                </ConfirmButton>
              </GroupForm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One group's terms in one text field, saved by its own form. An existing
 * group's Save sits in the row of actions below the field, tied to the form by
 * its `form` attribute (no JavaScript needed), beside `children`: the row's
 * other actions, which are forms of their own.
 */
function GroupForm({
  row,
  label,
  value,
  failed,
  submit,
  children,
}: {
  row: string;
  label: string;
  value: string;
  failed?: ActionData;
  submit: string;
  children?: ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  const id = `synonyms-${row}`;
  const formId = `${id}-form`;
  const errorId = `${id}-error`;
  const isNew = row === "new";
  const button = (
    <button type="submit" form={formId} className={isNew ? "btn-primary sm:mt-6" : "btn-secondary px-3 py-1 text-xs"} disabled={busy}>
      {submit}
    </button>
  );
  return (
    <div className="flex flex-col gap-2">
      <Form id={formId} method="post" className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <input type="hidden" name="intent" value="save" />
        {isNew ? null : <input type="hidden" name="id" value={row} />}
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={isNew ? "label" : "sr-only"}>
            {label}
          </label>
          <input
            id={id}
            name="terms"
            defaultValue={failed?.typed ?? value}
            placeholder={isNew ? "sari, saree, shari, শাড়ি" : undefined}
            required
            aria-invalid={failed?.errors?.length ? true : undefined}
            aria-describedby={failed?.errors?.length ? errorId : undefined}
            className="input w-full"
          />
          <FieldErrors id={errorId} errors={failed?.errors} />
        </div>
        {isNew ? button : null}
      </Form>
      {isNew ? null : (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {children}
          {button}
        </div>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Search synonyms — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary fallback="Synonyms could not be loaded" back={{ to: "/admin", label: "Back to the dashboard" }} />;
}
