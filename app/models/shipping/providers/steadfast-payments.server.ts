import type { CourierPaymentLine } from "~/models/orders/types";

import { CourierRefused } from "../errors.server";
import type { CourierPayment, CourierPayments } from "../types";
import { courierWords, takaToPaisa } from "./http.server";
import { steadfastCall } from "./steadfast-api.server";

// Steadfast's payouts (issue 36 item 5, decision 106): GET /payments lists them, GET /payments/{payment_id}
// gives one with its consignments. Field names as Steadfast's API returns them: a payment's `id`,
// `amount`, `status`, `created_at`, `updated_at`; a consignment's `consignment_id`, `invoice`,
// `tracking_code`, `cod_amount`, `delivery_charge` (and `cod_charge` where it lists one).

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => !!value && typeof value === "object" && !Array.isArray(value);

/** A list however it comes: a bare array, `{data: [...]}`, or a page `{data: {data: [...]}}`. */
function rowsOf(body: unknown): Row[] | null {
  if (Array.isArray(body)) return body.filter(isRow);
  if (!isRow(body)) return null;
  if (Array.isArray(body.data)) return body.data.filter(isRow);
  if (isRow(body.data) && Array.isArray(body.data.data)) return body.data.data.filter(isRow);
  return null;
}

/** A status that says the money has not left Steadfast yet (or never will); anything else is paid. */
const UNSETTLED = /pending|processing|cancel|reject|fail|unpaid/i;

function payment(row: Row): CourierPayment | null {
  const reference = row.id ?? row.payment_id;
  const amount = takaToPaisa(row.amount ?? row.total_amount);
  if ((typeof reference !== "number" && typeof reference !== "string") || String(reference) === "" || amount === null) return null;
  const when = Date.parse(String(row.created_at ?? row.updated_at ?? ""));
  return {
    reference: String(reference),
    amountPaisa: amount,
    paidAt: Number.isNaN(when) ? new Date() : new Date(when),
    settled: !UNSETTLED.test(String(row.status ?? "")),
  };
}

function line(row: Row): CourierPaymentLine | null {
  const id = row.consignment_id;
  if ((typeof id !== "number" && typeof id !== "string") || String(id) === "") return null;
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : null);
  return {
    consignmentId: String(id),
    invoice: text(row.invoice),
    trackingCode: text(row.tracking_code),
    codPaisa: takaToPaisa(row.cod_amount),
    deliveryChargePaisa: takaToPaisa(row.delivery_charge),
    codFeePaisa: takaToPaisa(row.cod_charge),
  };
}

async function list(): Promise<CourierPayment[]> {
  const { status, body } = await steadfastCall("/payments");
  const rows = rowsOf(body);
  if (status >= 300 || !rows) throw new CourierRefused(courierWords(body, "Steadfast did not list its payments"));
  return rows.map(payment).filter((p): p is CourierPayment => p !== null);
}

async function get(reference: string): Promise<(CourierPayment & { lines: CourierPaymentLine[] }) | null> {
  const { status, body } = await steadfastCall(`/payments/${encodeURIComponent(reference)}`);
  if (status === 404) return null;
  if (status >= 300) throw new CourierRefused(courierWords(body, `Steadfast did not give payment ${reference}`));
  // The payment is the body itself or under `data`/`payment`; its consignments beside or inside it.
  const row = isRow(body.data) ? body.data : isRow(body.payment) ? body.payment : body;
  const found = payment({ id: reference, ...row });
  const consignments = rowsOf(row.consignments) ?? rowsOf(body.consignments) ?? [];
  return found && { ...found, lines: consignments.map(line).filter((l): l is CourierPaymentLine => l !== null) };
}

export const steadfastPayments: CourierPayments = { list, get };
