import { Form } from "@remix-run/react";

import type { ImportPreview } from "~/models/catalogue/stock-csv.server";

/** What an uploaded stock file would change, each wrong row with its reason; Apply only when none is wrong. */
export function StockPreview({ preview, csv, busy }: { preview: ImportPreview; csv: string; busy: boolean }) {
  const { rows, changes, unchanged, errors, fileError } = preview;
  const refused = errors > 0;
  return (
    <div className="mb-6" id="preview">
      <h2 className="mb-2 text-lg font-semibold">Preview</h2>
      {refused ? (
        <div role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {fileError ??
            `${errors} ${errors === 1 ? "row is" : "rows are"} wrong, so nothing will be changed. Fix ${errors === 1 ? "it" : "them"} in the file and upload it again.`}
        </div>
      ) : (
        <p className="mb-3 text-sm text-stone-700" role="status">
          {changes} {changes === 1 ? "variant changes" : "variants change"}, {unchanged} unchanged.
        </p>
      )}
      {rows.length > 0 ? (
        <div className="card mb-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th className="px-3 py-2">Row</th>
                <th className="px-3 py-2">SKU</th>
                <th className="px-3 py-2">Variant</th>
                <th className="px-3 py-2">Stock</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.line} className={`border-t border-stone-100 ${r.error ? "bg-red-50" : ""}`}>
                  <td className="px-3 py-2">{r.line}</td>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{r.sku}</td>
                  <td className="px-3 py-2">{r.product ? [r.product, r.color, r.size].filter(Boolean).join(" · ") : "—"}</td>
                  <td className="px-3 py-2">
                    {r.error ? (
                      <span className="text-red-800">{r.error}</span>
                    ) : (
                      <span>
                        {r.from} → <strong>{r.to}</strong>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {!refused && changes > 0 ? (
        <Form method="post" encType="multipart/form-data">
          <textarea name="csv" defaultValue={csv} hidden readOnly aria-hidden />
          <button type="submit" name="intent" value="apply" className="btn-primary" disabled={busy}>
            Apply {changes} {changes === 1 ? "change" : "changes"}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
