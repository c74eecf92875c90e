import type { CourierStatus } from "~/models/orders/types";

import type { BookOutcome, Booking, CourierPhoneRecord, Parcel } from "../types";
import { baseUrl, courierRequest, refuse, takaToPaisa } from "./http.server";

// Steadfast's merchant API (portal.packzy.com/api/v1): headers Api-Key and Secret-Key;
// create_order, create_order/bulk-order (≤ 500), status_by_cid, fraud_check.

const LABEL = "Steadfast";
export const STEADFAST_BULK_MAX = 500;

export const steadfastConfigured = () => !!(process.env.STEADFAST_API_KEY && process.env.STEADFAST_SECRET_KEY);

export function steadfastCall(path: string, init: { method?: "GET" | "POST"; body?: unknown } = {}) {
  const url = `${baseUrl(process.env.STEADFAST_URL, "https://portal.packzy.com/api/v1")}${path}`;
  const headers = { "Api-Key": process.env.STEADFAST_API_KEY ?? "", "Secret-Key": process.env.STEADFAST_SECRET_KEY ?? "" };
  return courierRequest(LABEL, url, { ...init, headers });
}

export const steadfastTrackingUrl = (code: string) => `https://steadfast.com.bd/t/${encodeURIComponent(code)}`;

/** Steadfast's delivery_status in the shop's words; `*_approval_pending` waits on Steadfast's own check. */
export function steadfastStatus(word: string): CourierStatus | null {
  const base = word.replace(/_approval_pending$/, "");
  const map: Record<string, CourierStatus> = {
    in_review: "booked",
    pending: "in_transit",
    hold: "on_hold",
    delivered: "delivered",
    partial_delivered: "partly_delivered",
    cancelled: "returning",
  };
  return map[base] ?? null;
}

function order(p: Parcel) {
  return {
    invoice: p.invoice,
    recipient_name: p.recipientName.slice(0, 100),
    recipient_phone: p.recipientPhone,
    // Sent whole: Steadfast's own "at most 250" refusal is clearer to the admin than a silent cut.
    recipient_address: [p.recipientAddress, p.city, p.postalCode].filter(Boolean).join(", "),
    cod_amount: p.codPaisa / 100,
    note: p.note ?? "",
    item_description: p.itemDescription,
    delivery_type: 0,
  };
}

function toBooking(c: Record<string, unknown>): Booking {
  const code = String(c.tracking_code ?? "");
  return {
    consignmentId: String(c.consignment_id ?? ""),
    trackingCode: code,
    status: steadfastStatus(String(c.status ?? "in_review")) ?? "booked",
    trackingUrl: steadfastTrackingUrl(code),
    deliveryChargePaisa: takaToPaisa(c.delivery_fee),
  };
}

export async function steadfastBook(p: Parcel): Promise<Booking> {
  const { status, body } = await steadfastCall("/create_order", { method: "POST", body: order(p) });
  const consignment = body.consignment as Record<string, unknown> | undefined;
  if (status >= 300 || (typeof body.status === "number" && body.status !== 200) || !consignment?.consignment_id) refuse(LABEL, body);
  return toBooking(consignment);
}

/** One bulk call for up to 500 parcels; each comes back booked or with Steadfast's reason. */
export async function steadfastBookMany(parcels: Parcel[]): Promise<BookOutcome[]> {
  // Steadfast takes the list as JSON text in `data`.
  const { status, body } = await steadfastCall("/create_order/bulk-order", { method: "POST", body: { data: JSON.stringify(parcels.map(order)) } });
  const rows = Array.isArray(body) ? body : Array.isArray(body.data) ? (body.data as unknown[]) : null;
  if (status >= 300 || !rows) refuse(LABEL, body);
  const byInvoice = new Map<string, Record<string, unknown>>();
  for (const row of rows as Record<string, unknown>[]) byInvoice.set(String(row.invoice), row);
  return parcels.map((p): BookOutcome => {
    const row = byInvoice.get(p.invoice);
    if (row && row.status === "success" && row.consignment_id) return { invoice: p.invoice, ok: true, booking: toBooking(row) };
    const message = row && typeof row.error === "string" ? row.error : "Steadfast did not book this parcel";
    return { invoice: p.invoice, ok: false, message };
  });
}

export async function steadfastStatusOf(consignmentId: string): Promise<CourierStatus | null> {
  const { status, body } = await steadfastCall(`/status_by_cid/${encodeURIComponent(consignmentId)}`);
  if (status >= 300) return null;
  return steadfastStatus(String(body.delivery_status ?? ""));
}

export async function steadfastPhoneRecord(phone: string): Promise<CourierPhoneRecord | null> {
  const { status, body } = await steadfastCall(`/fraud_check/${encodeURIComponent(phone)}`);
  if (status >= 300) return null;
  const n = (v: unknown) => (typeof v === "number" ? v : Number(v) || 0);
  return { source: "steadfast", parcels: n(body.total_parcels), delivered: n(body.total_delivered), cancelled: n(body.total_cancelled) };
}
