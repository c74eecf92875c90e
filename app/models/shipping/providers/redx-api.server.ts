import type { CourierStatus } from "~/models/orders/types";

import type { Booking, Parcel } from "../types";
import { baseUrl, courierRequest, refuse, takaToPaisa } from "./http.server";
import { CourierRefused } from "../errors.server";

// RedX's open API: header `API-ACCESS-TOKEN: Bearer <token>`; POST /parcel answers {tracking_id}.
// A parcel needs a delivery area: the admin's choice, else the first area RedX lists for the postal code.

const LABEL = "RedX";

export const redxConfigured = () => !!process.env.REDX_TOKEN;

function call(path: string, init: { method?: "GET" | "POST"; body?: unknown } = {}) {
  const url = `${baseUrl(process.env.REDX_URL, "https://openapi.redx.com.bd/v1.0.0-beta")}${path}`;
  return courierRequest(LABEL, url, { ...init, headers: { "API-ACCESS-TOKEN": `Bearer ${process.env.REDX_TOKEN ?? ""}` } });
}

export const redxTrackingUrl = (code: string) => `https://redx.com.bd/track-parcel/?trackingId=${encodeURIComponent(code)}`;

/** RedX's parcel status words in the shop's words. */
export function redxStatus(word: string): CourierStatus | null {
  const key = word.toLowerCase().replace(/[\s_]+/g, "-");
  const map: Record<string, CourierStatus> = {
    "ready-for-delivery": "booked",
    "pickup-pending": "booked",
    "picked-up": "picked",
    "delivery-in-progress": "out_for_delivery",
    "in-transit": "in_transit",
    hold: "on_hold",
    delivered: "delivered",
    "partial-delivered": "partly_delivered",
    "agent-returning": "returning",
    returned: "returning",
    cancelled: "cancelled",
  };
  return map[key] ?? null;
}

/** RedX's areas for a postal code (or a district), for booking and for the admin's choice. */
export async function redxAreas(query: { postCode?: string; district?: string }): Promise<{ id: string; name: string }[]> {
  const q = query.postCode ? `post_code=${encodeURIComponent(query.postCode)}` : `district_name=${encodeURIComponent(query.district ?? "")}`;
  const { status, body } = await call(`/areas?${q}`);
  if (status >= 300 || !Array.isArray(body.areas)) return [];
  return (body.areas as Record<string, unknown>[]).map((a) => ({ id: String(a.id), name: String(a.name) }));
}

export async function redxBook(p: Parcel): Promise<Booking> {
  const area = p.area ?? (await redxAreas({ postCode: p.postalCode }))[0];
  if (!area) throw new CourierRefused(`RedX has no delivery area for postal code ${p.postalCode}; choose one`);
  const { status, body } = await call("/parcel", {
    method: "POST",
    body: {
      customer_name: p.recipientName.slice(0, 100),
      customer_phone: p.recipientPhone,
      delivery_area: area.name,
      delivery_area_id: Number(area.id),
      customer_address: [p.recipientAddress, p.city, p.postalCode].filter(Boolean).join(", "),
      merchant_invoice_id: p.invoice,
      cash_collection_amount: String(p.codPaisa / 100),
      parcel_weight: 500,
      instruction: p.note ?? "",
      value: String(p.codPaisa / 100),
      parcel_details_json: [{ name: p.itemDescription.slice(0, 100), category: "apparel", value: p.codPaisa / 100 }],
    },
  });
  if (status >= 300 || typeof body.tracking_id !== "string" || !body.tracking_id) refuse(LABEL, body);
  const id = body.tracking_id as string;
  return { consignmentId: id, trackingCode: id, status: "booked", trackingUrl: redxTrackingUrl(id), deliveryChargePaisa: null };
}

export async function redxStatusOf(trackingId: string): Promise<CourierStatus | null> {
  const { status, body } = await call(`/parcel/info/${encodeURIComponent(trackingId)}`);
  const parcel = body.parcel as Record<string, unknown> | undefined;
  if (status >= 300 || !parcel) return null;
  return redxStatus(String(parcel.status ?? ""));
}

/** RedX's charge calculator: the delivery charge in paisa, when the parcel has an area. */
export async function redxQuote(p: Parcel): Promise<number | null> {
  if (!p.area) return null;
  const q = `delivery_area_id=${encodeURIComponent(p.area.id)}&pickup_area_id=${encodeURIComponent(p.area.id)}&cash_collection_amount=${p.codPaisa / 100}&weight=500`;
  const { status, body } = await call(`/charge/charge_calculator?${q}`);
  return status < 300 ? takaToPaisa(body.deliveryCharge) : null;
}
