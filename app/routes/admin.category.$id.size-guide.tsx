import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { FieldErrors, FormAlert } from "~/components/admin/FormErrors";
import { getSizeGuide, saveSizeGuide } from "~/models/catalogue/size-guide.server";
import { sizeGuideSchema } from "~/schemas/size-guide";
import { loadAdminData, saveAdminForm, toId } from "~/web/admin.server";
import { notFound } from "~/models/platform/errors.server";
import { requireAdmin } from "~/web/guards.server";

// A category's size guide in English and Bangla (issue 38): two textareas, one plain form.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(
    await loadAdminData(async () => {
      const id = toId(params.id);
      if (!id) throw notFound("Category");
      return getSizeGuide(id);
    }),
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = toId(params.id);
  if (!id) throw json({ message: "Category not found" }, { status: 404 });
  return saveAdminForm(request, await request.formData(), sizeGuideSchema, (v) => saveSizeGuide(admin, id, v), {
    to: "/admin/categorylist",
    toast: "Size guide saved",
    fallback: "Error saving the size guide",
  });
}

const EXAMPLE = "Size | Chest (cm) | Chest (in) | Length (cm) | Length (in)\nM | 102 | 40 | 74 | 29\nL | 107 | 42 | 76 | 30";

export default function SizeGuideEditor() {
  const c = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error?: Record<string, string[] | null>; initialValue?: Record<string, string> } | undefined;
  const busy = useNavigation().state !== "idle";
  const area = (name: "sizeGuide" | "sizeGuideBn", label: string) => (
    <div>
      <label htmlFor={name} className="label">
        {label}
      </label>
      <textarea
        id={name}
        name={name}
        rows={8}
        lang={name === "sizeGuideBn" ? "bn" : undefined}
        defaultValue={result?.initialValue?.[name] ?? c[name] ?? ""}
        placeholder={EXAMPLE}
        aria-describedby={`${name}-hint ${name}-error`}
        className="input w-full font-mono text-sm"
      />
      <FieldErrors id={`${name}-error`} errors={result?.error?.[name] ?? undefined} />
    </div>
  );
  return (
    <section className="mx-auto max-w-3xl">
      <Link to={`/admin/category/${c.id}/edit`} className="text-sm text-brand-700 hover:underline">
        ← Back to the category
      </Link>
      <div className="mt-3">
        <AdminHeader title={`Size guide: ${c.name}`} />
      </div>
      <Form method="post" className="card space-y-5 p-5">
        <FormAlert errors={result?.error?.[""] ?? undefined} />
        <p id="sizeGuide-hint" className="text-sm text-stone-600">
          One size a line, cells separated by |, the first line the column names; give measurements in cm and in inches. Leave it empty for no guide. Shoppers
          open it from every product page of this category.
        </p>
        {area("sizeGuide", "Size guide (English)")}
        <p id="sizeGuideBn-hint" className="sr-only">
          The same table in Bangla; without one, Bangla pages show the English.
        </p>
        {area("sizeGuideBn", "Size guide (Bangla)")}
        <button type="submit" className="btn-primary" disabled={busy}>
          Save size guide
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Size guide — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/categorylist", label: "Back to categories" }} />;
}
