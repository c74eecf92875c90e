import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { applyStockImport, importRefusal, previewStockImport } from "~/models/catalogue/stock-csv.server";
import { apiDoor } from "~/web/guards.server";
import { apiHandler, jsonError, methodNotAllowed, readLimitedText } from "~/web/http.server";

/**
 * POST (admin) a `text/csv` body, the export's columns (SKU and Stock are read), at most 1 MB.
 * `?dryRun=1` → 200 the preview, changing nothing; otherwise all rows apply or none (400 naming each bad row).
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/stock/import");
    if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("text/csv")) return jsonError(400, "Send the file as text/csv");
    const text = await readLimitedText(request);
    const dryRun = ["1", "true"].includes(new URL(request.url).searchParams.get("dryRun") ?? "");
    if (dryRun) return json({ dryRun: true, ...(await previewStockImport(actor, text)) });
    const preview = await previewStockImport(actor, text);
    if (preview.errors > 0) throw importRefusal(preview);
    return json({ dryRun: false, ...(await applyStockImport(actor, text)) });
  });
}
