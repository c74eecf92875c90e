import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { parse } from "csv-parse/sync";

import { ServiceError } from "~/models/platform/index.server";
import { toLatinDigits } from "~/utils/digits";

// The courier's payment statement as a file (issue 36 item 5): Steadfast's merchant panel exports
// a payment's consignments as CSV. The admin uploads it; its rows become the same "ref,taka" lines
// the pasted form takes, so one schema (payoutSchema) and one service (recordPayout) record it.

export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;

/** Headers naming the parcel, best first: the consignment id is what Steadfast's statement is keyed by. */
const REF_HEADERS = [/consignment/i, /tracking/i, /invoice/i, /order/i];
/** Headers naming what the courier paid for that parcel, best first (never the cash to collect). */
const PAID_HEADERS = [/payable|net|paid|payout/i, /^amount$/i];

export type Statement = { lines: string; paidTaka: number | null; rows: number };

function column(headers: string[], patterns: RegExp[]): number {
  for (const p of patterns) {
    const i = headers.findIndex((h) => p.test(h));
    if (i >= 0) return i;
  }
  return -1;
}

/**
 * Reads a payment statement's CSV into payout lines ("ref,taka" per row) and the taka it pays in
 * all (null when it lists no amounts). Throws ServiceError 400 with words for the admin.
 */
export function readStatement(text: string): Statement {
  let records: string[][];
  try {
    records = parse(toLatinDigits(text.replace(/^\uFEFF/, "")), { skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch {
    throw new ServiceError(400, "The file is not a CSV the shop can read", { statement: ["The file is not a CSV the shop can read"] });
  }
  const [headers = [], ...rows] = records;
  const ref = column(headers, REF_HEADERS);
  const paid = column(headers, PAID_HEADERS);
  const fail = (message: string) => new ServiceError(400, message, { statement: [message] });
  if (ref < 0) throw fail("The CSV's first row must name its columns, one of them the consignment id, tracking code or invoice");
  if (rows.length === 0) throw fail("The CSV lists no parcels");
  let total = 0;
  const lines = rows.map((row) => {
    const amount = paid >= 0 ? (row[paid] ?? "").replace(/[৳,\s]/g, "") : "";
    if (amount !== "" && Number.isFinite(Number(amount))) total += Math.round(Number(amount) * 100);
    return amount === "" ? (row[ref] ?? "") : `${row[ref] ?? ""},${amount}`;
  });
  return { lines: lines.join("\n"), paidTaka: paid >= 0 ? total / 100 : null, rows: rows.length };
}

/** The multipart import form: its text fields and the statement file's text (2 MB at most). */
export async function readStatementForm(request: Request): Promise<{ fields: FormData; text: string | null }> {
  const declared = Number(request.headers.get("Content-Length"));
  const tooLarge = () => new ServiceError(413, "The statement must be at most 2 MB", { statement: ["The statement must be at most 2 MB"] });
  if (Number.isFinite(declared) && declared > MAX_STATEMENT_BYTES + 64 * 1024) throw tooLarge();
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({
        maxPartSize: MAX_STATEMENT_BYTES,
        filter: ({ name, filename }) => filename === undefined || (name === "statement" && filename !== ""),
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === "MaxPartSizeExceededError") throw tooLarge();
    throw new ServiceError(400, "Could not read the uploaded form");
  }
  const file = form.get("statement");
  const text = file && typeof file !== "string" && file.size > 0 ? await file.text() : null;
  form.delete("statement");
  return { fields: form, text };
}
