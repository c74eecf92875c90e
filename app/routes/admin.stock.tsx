import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminHeader } from "~/components/admin/AdminHeader";
import { FormAlert } from "~/components/admin/FormErrors";
import { StockPreview } from "~/components/admin/StockPreview";
import { getSession, redirectWithToast } from "~/models/accounts/session.server";
import { applyStockImport, lowStockVariants, previewStockImport, type ImportPreview } from "~/models/catalogue/stock-csv.server";
import { describeFailure, loadAdminData } from "~/web/admin.server";
import { requireAdmin } from "~/web/guards.server";
import { fileBuffer, filesOf, readImageForm } from "~/web/multipart.server";

// Bulk stock (issue 38 item 4): download every variant as CSV, edit Stock in a spreadsheet, upload
// it for a preview, then apply. Plain multipart forms, so it all works without JavaScript; the
// previewed file travels back with the Apply button, and is checked again when applied.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ low: await loadAdminData(() => lowStockVariants()) });
}

type ActionData = { preview?: ImportPreview; csv?: string; formError?: string };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  let fd: FormData;
  try {
    fd = (await readImageForm(request, { fileFields: ["file"], maxFiles: 1 })).formData;
  } catch (error) {
    const failure = describeFailure(error, "Could not read the file");
    return json<ActionData>({ formError: failure.message }, { status: failure.status });
  }
  const [file] = filesOf(fd, "file");
  const csv = file ? (await fileBuffer(file)).toString("utf8") : String(fd.get("csv") ?? "");
  if (!csv.trim()) return json<ActionData>({ formError: "Choose the CSV file to import" }, { status: 400 });
  if (fd.get("intent") === "apply") {
    try {
      const done = await applyStockImport(admin, csv);
      const toast =
        done.changes === 0 ? "Nothing to change: the file matches the stock" : `Stock updated: ${done.changes} ${done.changes === 1 ? "variant" : "variants"}`;
      return redirectWithToast("/admin/stock", toast, { session: await getSession(request) });
    } catch (error) {
      const failure = describeFailure(error, "Error importing the stock");
      // The stock changed since the preview: show the file checked again.
      if (failure.status === 400) return json<ActionData>({ preview: await previewStockImport(admin, csv), csv }, { status: 400 });
      return json<ActionData>({ formError: failure.message }, { status: failure.status });
    }
  }
  const preview = await previewStockImport(admin, csv);
  return json<ActionData>({ preview, csv }, { status: preview.errors > 0 ? 400 : 200 });
}

export default function Stock() {
  const { low } = useLoaderData<typeof loader>();
  const data = useActionData<ActionData>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="max-w-5xl">
      <AdminHeader title="Stock">
        <a href="/admin/stock.csv" className="btn-secondary" download>
          Download stock CSV
        </a>
      </AdminHeader>
      <p className="mb-4 text-sm text-stone-700">
        Every variant (a product&rsquo;s colour and size) is one row, keyed by its SKU. Change the Stock column in a spreadsheet, save it as CSV and import it
        here: you see every change first, and a file with any wrong row changes nothing.
      </p>
      <Form method="post" encType="multipart/form-data" className="card mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="stock-file" className="label">
            CSV file to import
          </label>
          <input id="stock-file" name="file" type="file" accept=".csv,text/csv" required className="input w-full" />
        </div>
        <button type="submit" name="intent" value="preview" className="btn-primary" disabled={busy}>
          Preview import
        </button>
      </Form>
      <FormAlert errors={[data?.formError]} />
      {data?.preview ? <StockPreview preview={data.preview} csv={data.csv ?? ""} busy={busy} /> : null}
      <h2 className="mb-2 mt-8 text-lg font-semibold">Low stock ({low.length})</h2>
      {low.length === 0 ? (
        <p className="card p-6 text-center text-stone-600">No variant is running low</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th className="px-3 py-2">SKU</th>
                <th className="px-3 py-2">Product</th>
                <th className="px-3 py-2">Colour</th>
                <th className="px-3 py-2">Size</th>
                <th className="px-3 py-2 text-right">Left</th>
              </tr>
            </thead>
            <tbody>
              {low.map((v) => (
                <tr key={v.sku} className="border-t border-stone-100">
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{v.sku}</td>
                  <td className="px-3 py-2">
                    <Link to={`/admin/product/${v.productId}/variants`} className="text-brand-700 hover:underline">
                      {v.product}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{v.color ?? "—"}</td>
                  <td className="px-3 py-2">{v.size}</td>
                  <td className={`px-3 py-2 text-right font-semibold ${v.quantity === 0 ? "text-red-700" : "text-amber-700"}`}>{v.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Stock — Admin — TanaBana" }];

export function ErrorBoundary() {
  return <AdminErrorBoundary fallback="Stock could not be loaded" back={{ to: "/admin", label: "Back to the dashboard" }} />;
}
