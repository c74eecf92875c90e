import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { askToConfirm, ListActionResult } from "~/components/admin/Confirm";
import { AddColorForm, AddSizeForm, StockGrid, type VariantActionData } from "~/components/admin/VariantGrid";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { uploadImage } from "~/models/catalogue/image.server";
import { addColor, addSizeToColors, saveStockGrid } from "~/models/catalogue/variant-admin.server";
import { colorInputSchema, stockGridSchema } from "~/schemas/variants";
import { describeFailure, loadAdminData, toId } from "~/web/admin.server";
import { parseForm } from "~/web/form.server";
import { requireAdmin } from "~/web/guards.server";
import { fileBuffer, filesOf, isMultipart, readImageForm } from "~/web/multipart.server";
import { readVariantGrid, removeColor } from "~/web/variant-admin.server";

// A product's colours and its colour × size stock (issue 38 item 4). Plain forms, one per job, so
// everything works without JavaScript; the writes are the service's, as the API's are.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(
    await loadAdminData(async () => {
      const id = toId(params.id);
      if (!id) throw json({ message: "Product not found" }, { status: 404 });
      return readVariantGrid(id);
    }),
  );
}

const MAX_COLOR_PICTURES = 8;

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = toId(params.id);
  if (!id) throw json({ message: "Product not found" }, { status: 404 });
  const refuse = (data: VariantActionData, status = 400) => json<VariantActionData>(data, { status });
  try {
    const fd = isMultipart(request)
      ? (await readImageForm(request, { fileFields: ["pictures"], maxFiles: MAX_COLOR_PICTURES })).formData
      : await request.formData();
    const intent = String(fd.get("intent") ?? "");
    const back = async (toast: string) => redirectWithToast(`/admin/product/${id}/variants`, toast, { session: await getSession(request) });

    if (intent === "save-grid") {
      const submission = parseForm(fd, { schema: stockGridSchema });
      if (submission.status !== "success") return refuse({ form: "grid", errors: submission.error ?? {} });
      const { saved } = await saveStockGrid(admin, id, submission.value);
      return back(`Stock saved for ${saved} ${saved === 1 ? "variant" : "variants"}`);
    }
    if (intent === "add-color") {
      const images: string[] = [];
      for (const file of filesOf(fd, "pictures")) images.push((await uploadImage(admin, await fileBuffer(file))).url);
      const typed = { name: String(fd.get("name") ?? ""), nameBn: String(fd.get("nameBn") ?? ""), hex: String(fd.get("hex") ?? "") };
      const parsed = colorInputSchema.safeParse({ ...typed, images });
      if (!parsed.success) return refuse({ form: "color", typed, errors: fieldsOf(parsed.error.issues) });
      await addColor(admin, id, parsed.data);
      return back(`Colour "${parsed.data.name}" added`);
    }
    if (intent === "add-size") {
      const size = String(fd.get("size") ?? "").trim();
      if (!size || size.length > 20) return refuse({ form: "size", errors: { size: ["Size is required, at most 20 characters"] } });
      await addSizeToColors(admin, id, size);
      return back(`Size "${size}" added to every colour`);
    }
    if (intent === "remove-color") {
      const colorId = toId(fd.get("colorId"));
      const grid = await readVariantGrid(id);
      const color = grid.colors.find((c) => c.id === colorId);
      if (!color) return refuse({ formError: "This colour is already gone" }, 404);
      const orders = color.orderLines ? ` Its ${color.orderLines} order ${color.orderLines === 1 ? "line keeps" : "lines keep"} the colour's name.` : "";
      const confirm = askToConfirm(fd, {
        intent: "remove-color",
        fields: { colorId: String(color.id) },
        detail: `Remove the colour “${color.name}” and its stock?${orders}`,
        confirmLabel: `Yes, remove ${color.name}`,
      });
      if (confirm) return json<VariantActionData>({ confirm });
      const done = await removeColor(admin, id, color.id);
      return back(done.message);
    }
    return refuse({ formError: "Unknown action" });
  } catch (error) {
    const failure = describeFailure(error, "Error saving the variants");
    return refuse({ formError: failure.message, errors: failure.fieldErrors }, failure.status);
  }
}

function fieldsOf(issues: { path: (string | number)[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[String(i.path[0] ?? "")] ??= []).push(i.message);
  return out;
}

export default function Variants() {
  const grid = useLoaderData<typeof loader>();
  const data = useActionData<VariantActionData>();
  return (
    <section className="max-w-5xl">
      <AdminHeader title={`Colours and stock: ${grid.name}`}>
        <Link to={`/admin/product/${grid.id}/edit`} className="btn-secondary">
          Back to the product
        </Link>
      </AdminHeader>
      <ListActionResult data={data} />
      <StockGrid grid={grid} data={data} />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <AddColorForm data={data} first={grid.colors.length === 0} />
        {grid.colors.length > 0 ? <AddSizeForm data={data} /> : null}
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Colours and stock${data ? `: ${data.name}` : ""} — Admin — TanaBana` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary back={{ to: "/admin/productlist", label: "Back to products" }} />;
}
