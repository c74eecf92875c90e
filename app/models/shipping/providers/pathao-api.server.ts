import type { CourierStatus } from "~/models/orders/types";

import { CourierDown } from "../errors.server";
import type { Booking, Parcel } from "../types";
import { baseUrl, courierRequest, refuse, takaToPaisa } from "./http.server";

// Pathao's merchant API (aladdin/api/v1): an OAuth token from issue-token (client id and secret,
// username and password), then Bearer calls. Pathao's bulk endpoint only queues and returns no
// consignment ids, so parcels are booked one by one (the invoice makes each retry safe).

const LABEL = "Pathao";

export const pathaoConfigured = () =>
  !!(
    process.env.PATHAO_CLIENT_ID &&
    process.env.PATHAO_CLIENT_SECRET &&
    process.env.PATHAO_USERNAME &&
    process.env.PATHAO_PASSWORD &&
    process.env.PATHAO_STORE_ID
  );

const root = () => `${baseUrl(process.env.PATHAO_URL, "https://api-hermes.pathao.com")}/aladdin/api/v1`;

/** The token and when to fetch a new one; per instance, a fresh one costs one request. */
let token: { value: string; until: number; base: string } | null = null;

async function accessToken(): Promise<string> {
  if (token && token.base === root() && token.until > Date.now()) return token.value;
  const { status, body } = await courierRequest(LABEL, `${root()}/issue-token`, {
    method: "POST",
    body: {
      client_id: process.env.PATHAO_CLIENT_ID,
      client_secret: process.env.PATHAO_CLIENT_SECRET,
      username: process.env.PATHAO_USERNAME,
      password: process.env.PATHAO_PASSWORD,
      grant_type: "password",
    },
  });
  if (status >= 300 || typeof body.access_token !== "string") throw new CourierDown("Pathao refused the shop's API login; check the PATHAO_* settings");
  const seconds = typeof body.expires_in === "number" ? body.expires_in : 3600;
  token = { value: body.access_token, until: Date.now() + Math.max(60, seconds - 60) * 1000, base: root() };
  return token.value;
}

async function call(path: string, init: { method?: "GET" | "POST"; body?: unknown } = {}) {
  const headers = { Authorization: `Bearer ${await accessToken()}` };
  return courierRequest(LABEL, `${root()}${path}`, { ...init, headers });
}

export const pathaoTrackingUrl = (code: string) => `https://merchant.pathao.com/tracking?consignment_id=${encodeURIComponent(code)}`;

/** Pathao's order_status words (and webhook events without "order.") in the shop's words. */
export function pathaoStatus(word: string): CourierStatus | null {
  const key = word
    .toLowerCase()
    .replace(/^order\./, "")
    .replace(/[\s_]+/g, "-");
  const map: Record<string, CourierStatus> = {
    pending: "booked",
    created: "booked",
    picked: "picked",
    "in-transit": "in_transit",
    "at-the-sorting-hub": "in_transit",
    "out-for-delivery": "out_for_delivery",
    "on-hold": "on_hold",
    delivered: "delivered",
    "partial-delivery": "partly_delivered",
    "delivery-failed": "returning",
    returned: "returning",
    "return-in-transit": "returning",
  };
  return map[key] ?? null;
}

function order(p: Parcel) {
  return {
    store_id: Number(process.env.PATHAO_STORE_ID),
    merchant_order_id: p.invoice,
    recipient_name: p.recipientName.slice(0, 100),
    recipient_phone: p.recipientPhone,
    recipient_address: [p.recipientAddress, p.city].filter(Boolean).join(", "),
    // Pathao fills city, zone and area from the address when they are left out.
    ...(p.area?.cityId ? { recipient_city: Number(p.area.cityId) } : {}),
    ...(p.area?.zoneId ? { recipient_zone: Number(p.area.zoneId) } : {}),
    ...(p.area ? { recipient_area: Number(p.area.id) } : {}),
    delivery_type: 48,
    item_type: 2,
    special_instruction: p.note ?? "",
    item_quantity: p.itemCount,
    item_weight: 0.5,
    item_description: p.itemDescription,
    amount_to_collect: p.codPaisa / 100,
  };
}

export async function pathaoBook(p: Parcel): Promise<Booking> {
  const { status, body } = await call("/orders", { method: "POST", body: order(p) });
  const data = body.data as Record<string, unknown> | undefined;
  if (status >= 300 || !data?.consignment_id) refuse(LABEL, body);
  const id = String(data.consignment_id);
  return {
    consignmentId: id,
    trackingCode: id,
    status: pathaoStatus(String(data.order_status ?? "pending")) ?? "booked",
    trackingUrl: pathaoTrackingUrl(id),
    deliveryChargePaisa: takaToPaisa(data.delivery_fee),
  };
}

export async function pathaoStatusOf(consignmentId: string): Promise<CourierStatus | null> {
  const { status, body } = await call(`/orders/${encodeURIComponent(consignmentId)}/info`);
  const data = body.data as Record<string, unknown> | undefined;
  if (status >= 300 || !data) return null;
  return pathaoStatus(String(data.order_status ?? data.order_status_slug ?? ""));
}

/** Pathao's price plan for a parcel to the chosen city and zone; null without them. */
export async function pathaoQuote(p: Parcel): Promise<number | null> {
  if (!p.area?.cityId || !p.area.zoneId) return null;
  const { status, body } = await call("/merchant/price-plan", {
    method: "POST",
    body: {
      store_id: Number(process.env.PATHAO_STORE_ID),
      item_type: 2,
      delivery_type: 48,
      item_weight: 0.5,
      recipient_city: Number(p.area.cityId),
      recipient_zone: Number(p.area.zoneId),
    },
  });
  const data = body.data as Record<string, unknown> | undefined;
  return status < 300 && data ? takaToPaisa(data.final_price ?? data.price) : null;
}

/** One of Pathao's place lists (`data.data`), as {id, name}; empty when Pathao says no. */
async function placeList(path: string, id: string, name: string): Promise<{ id: string; name: string }[]> {
  const { status, body } = await call(path);
  const data = (body.data as { data?: unknown } | undefined)?.data;
  if (status >= 300 || !Array.isArray(data)) return [];
  return (data as Record<string, unknown>[]).map((row) => ({ id: String(row[id]), name: String(row[name]) }));
}

/** Pathao's cities, a city's zones and a zone's areas: the ids a parcel's recipient_city/zone/area take. */
export const pathaoCities = () => placeList("/city-list", "city_id", "city_name");
export const pathaoZones = (cityId: string) => placeList(`/cities/${encodeURIComponent(cityId)}/zone-list`, "zone_id", "zone_name");
export const pathaoAreas = (zoneId: string) => placeList(`/zones/${encodeURIComponent(zoneId)}/area-list`, "area_id", "area_name");
