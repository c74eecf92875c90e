// The three couriers' merchant APIs as the fake speaks them (issue 36): the documented paths,
// headers, bodies and error shapes. Booking the same invoice twice answers the same parcel, as the
// couriers dedupe by invoice, so a retry never makes two. State lives in `parcels` (server.mjs).

import { steadfastPayments } from "./payments.mjs";

const PHONE = /^01[3-9]\d{8}$/;

/** Each courier's parcels by invoice: `${courier}:${invoice}` → parcel. */
export const parcels = new Map();
let next = 1000;

function keep(courier, invoice, fields) {
  const key = `${courier}:${invoice}`;
  const found = parcels.get(key);
  if (found) return found;
  next += 1;
  const id = { steadfast: String(next), pathao: `DL${next}FAKE`, redx: `21A${next}RX` }[courier];
  const code = courier === "steadfast" ? `SF${next}TB` : id;
  const parcel = { courier, invoice, consignmentId: id, trackingCode: code, status: "booked", bookedAt: new Date().toISOString(), ...fields };
  parcels.set(key, parcel);
  return parcel;
}

export const findParcel = (courier, id) => [...parcels.values()].find((p) => p.courier === courier && (p.consignmentId === id || p.trackingCode === id));

// ---------- Steadfast: Api-Key + Secret-Key, /create_order, /create_order/bulk-order, /status_by_cid, /fraud_check,
// /payments and /payments/{id} (payments.mjs)

function steadfastCheck(o) {
  const errors = {};
  if (!o.invoice) errors.invoice = ["The invoice field is required."];
  if (!o.recipient_name) errors.recipient_name = ["The recipient name field is required."];
  if (!PHONE.test(String(o.recipient_phone ?? ""))) errors.recipient_phone = ["The recipient phone must be 11 digits."];
  const address = String(o.recipient_address ?? "");
  if (!address) errors.recipient_address = ["The recipient address field is required."];
  else if (address.length > 250) errors.recipient_address = ["The recipient address may not be greater than 250 characters."];
  if (!(Number(o.cod_amount) >= 0)) errors.cod_amount = ["The cod amount must be a number."];
  return Object.keys(errors).length ? errors : null;
}

const steadfastConsignment = (p) => ({
  consignment_id: Number(p.consignmentId),
  invoice: p.invoice,
  tracking_code: p.trackingCode,
  recipient_name: p.name,
  recipient_phone: p.phone,
  recipient_address: p.address,
  cod_amount: p.cod,
  status: "in_review",
  note: p.note,
  created_at: p.bookedAt,
  updated_at: p.bookedAt,
});

const SF_STATUS = { booked: "in_review", picked: "pending", in_transit: "pending", out_for_delivery: "pending", on_hold: "hold" };

export function steadfast(req, path, body) {
  if (!req.headers["api-key"] || !req.headers["secret-key"]) return [401, { status: 401, message: "Unauthorized: Api-Key and Secret-Key are required" }];
  const fields = (o) => ({ name: o.recipient_name, phone: o.recipient_phone, address: o.recipient_address, cod: Number(o.cod_amount), note: o.note ?? "" });
  if (req.method === "POST" && path === "/create_order") {
    const errors = steadfastCheck(body);
    if (errors) return [422, { status: 422, message: Object.values(errors)[0][0], errors }];
    const p = keep("steadfast", String(body.invoice), fields(body));
    return [200, { status: 200, message: "Consignment has been created successfully.", consignment: steadfastConsignment(p) }];
  }
  if (req.method === "POST" && path === "/create_order/bulk-order") {
    let list = body.data;
    if (typeof list === "string") {
      try {
        list = JSON.parse(list);
      } catch {
        return [422, { status: 422, message: "The data must be a valid JSON string." }];
      }
    }
    if (!Array.isArray(list)) return [422, { status: 422, message: "The data field is required." }];
    if (list.length > 500) return [422, { status: 422, message: "The data may not have more than 500 items." }];
    return [
      200,
      list.map((o) => {
        const errors = steadfastCheck(o);
        if (errors) return { invoice: o.invoice ?? null, consignment_id: null, tracking_code: null, status: "error", error: Object.values(errors)[0][0] };
        const p = keep("steadfast", String(o.invoice), fields(o));
        return { ...steadfastConsignment(p), status: "success" };
      }),
    ];
  }
  let m = path.match(/^\/status_by_cid\/(.+)$/);
  if (req.method === "GET" && m) {
    const p = findParcel("steadfast", decodeURIComponent(m[1]));
    if (!p) return [404, { status: 404, message: "Consignment not found." }];
    const word = SF_STATUS[p.status] ?? { partly_delivered: "partial_delivered", returning: "cancelled", delivered: "delivered" }[p.status] ?? "unknown";
    return [200, { status: 200, delivery_status: word }];
  }
  m = path.match(/^\/fraud_check\/(.+)$/);
  if (req.method === "GET" && m) {
    const mine = [...parcels.values()].filter((p) => p.phone === decodeURIComponent(m[1]));
    const delivered = mine.filter((p) => p.status === "delivered").length;
    const cancelled = mine.filter((p) => p.status === "returning" || p.status === "returned").length;
    return [200, { total_parcels: mine.length, total_delivered: delivered, total_cancelled: cancelled }];
  }
  const paid = steadfastPayments(req, path);
  if (paid) return paid;
  return [404, { status: 404, message: "Not found" }];
}

/** A parcel's state (a CourierStatus word) as Pathao's order info writes it. */
const PATHAO_STATUS = {
  booked: "Pending",
  picked: "Picked",
  in_transit: "In_Transit",
  out_for_delivery: "Out_For_Delivery",
  on_hold: "On_Hold",
  delivered: "Delivered",
  partly_delivered: "Partial_Delivery",
  returning: "Returned",
  cancelled: "Cancelled",
};

// Pathao's city, zone and area lists, a small piece of the real ones (ids are the fake's own).
const PATHAO_CITIES = [
  { city_id: 1, city_name: "Dhaka" },
  { city_id: 2, city_name: "Chattogram" },
];
const PATHAO_ZONES = {
  1: [
    { zone_id: 11, zone_name: "Mirpur" },
    { zone_id: 12, zone_name: "Dhanmondi" },
  ],
  2: [{ zone_id: 21, zone_name: "Agrabad" }],
};
const area = (area_id, area_name) => ({ area_id, area_name, home_delivery_available: true, pickup_available: true });
const PATHAO_AREAS = {
  11: [area(111, "Mirpur 10"), area(112, "Mirpur 1"), area(113, "Pallabi")],
  12: [area(121, "Dhanmondi 27"), area(122, "Jigatola")],
  21: [area(211, "Agrabad C/A")],
};

// ---------- Pathao: /aladdin/api/v1/issue-token, then Bearer; /orders, /orders/{id}/info, /merchant/price-plan,
// /city-list, /cities/{id}/zone-list, /zones/{id}/area-list

const tokens = new Set();

export function pathao(req, path, body) {
  const rest = path.replace(/^\/aladdin\/api\/v1/, "");
  if (req.method === "POST" && rest === "/issue-token") {
    if (!body.client_id || !body.client_secret || !body.username || !body.password)
      return [401, { message: "The user credentials were incorrect.", type: "error", code: 401 }];
    const token = `fake-pathao-${tokens.size + 1}`;
    tokens.add(token);
    return [200, { token_type: "Bearer", expires_in: 432000, access_token: token, refresh_token: `${token}-refresh` }];
  }
  const auth = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
  if (!tokens.has(auth)) return [401, { message: "Unauthenticated.", type: "error", code: 401 }];
  if (req.method === "POST" && rest === "/orders") {
    const errors = {};
    if (!body.store_id) errors.store_id = ["The store id field is required."];
    if (!body.merchant_order_id) errors.merchant_order_id = ["The merchant order id field is required."];
    if (!PHONE.test(String(body.recipient_phone ?? ""))) errors.recipient_phone = ["The recipient phone format is invalid."];
    const address = String(body.recipient_address ?? "");
    if (address.length < 10 || address.length > 220) errors.recipient_address = ["The recipient address must be between 10 and 220 characters."];
    if (Object.keys(errors).length) return [422, { message: "Please fix the given errors", type: "error", code: 422, errors }];
    const p = keep("pathao", String(body.merchant_order_id), {
      name: body.recipient_name,
      phone: body.recipient_phone,
      address,
      cod: Number(body.amount_to_collect),
      // Which city, zone and area the shop chose (absent: Pathao reads them from the address).
      area: { city: body.recipient_city ?? null, zone: body.recipient_zone ?? null, area: body.recipient_area ?? null },
    });
    return [
      200,
      {
        message: "Order Created Successfully",
        type: "success",
        code: 200,
        data: { consignment_id: p.consignmentId, merchant_order_id: p.invoice, order_status: "Pending", delivery_fee: 60 },
      },
    ];
  }
  const m = rest.match(/^\/orders\/([^/]+)\/info$/);
  if (req.method === "GET" && m) {
    const p = findParcel("pathao", decodeURIComponent(m[1]));
    if (!p) return [404, { message: "Order not found", type: "error", code: 404 }];
    return [
      200,
      {
        message: "Order info",
        type: "success",
        code: 200,
        data: { consignment_id: p.consignmentId, merchant_order_id: p.invoice, order_status: PATHAO_STATUS[p.status] ?? p.status },
      },
    ];
  }
  if (req.method === "POST" && rest === "/merchant/price-plan") return [200, { type: "success", code: 200, data: { price: 60, discount: 0, final_price: 60 } }];
  const list = (data) => [200, { message: "List", type: "success", code: 200, data: { data } }];
  if (req.method === "GET" && rest === "/city-list") return list(PATHAO_CITIES);
  const zones = rest.match(/^\/cities\/(\d+)\/zone-list$/);
  if (req.method === "GET" && zones) return list(PATHAO_ZONES[zones[1]] ?? []);
  const areas = rest.match(/^\/zones\/(\d+)\/area-list$/);
  if (req.method === "GET" && areas) return list(PATHAO_AREAS[areas[1]] ?? []);
  return [404, { message: "Not found", type: "error", code: 404 }];
}

/** A parcel's state (a CourierStatus word) as RedX's parcel info writes it. */
const REDX_STATUS = {
  booked: "ready-for-delivery",
  picked: "picked-up",
  in_transit: "in-transit",
  out_for_delivery: "delivery-in-progress",
  on_hold: "hold",
  delivered: "delivered",
  partly_delivered: "partial-delivered",
  returning: "agent-returning",
  cancelled: "cancelled",
};

// ---------- RedX: API-ACCESS-TOKEN: Bearer <token>; /parcel, /parcel/info/{id}, /areas (?post_code= or
// ?district_name=), /charge/charge_calculator

export function redx(req, path, body, query) {
  if (!/^Bearer .+/.test(String(req.headers["api-access-token"] ?? ""))) return [401, { message: "Unauthorized" }];
  if (req.method === "POST" && path === "/parcel") {
    if (!PHONE.test(String(body.customer_phone ?? ""))) return [400, { message: "customer_phone must be a valid 11 digit mobile number" }];
    if (!body.delivery_area_id || !body.delivery_area) return [400, { message: "delivery_area_id is required" }];
    if (!body.merchant_invoice_id) return [400, { message: "merchant_invoice_id is required" }];
    const p = keep("redx", String(body.merchant_invoice_id), {
      name: body.customer_name,
      phone: body.customer_phone,
      address: body.customer_address,
      cod: Number(body.cash_collection_amount),
      area: { id: body.delivery_area_id, name: body.delivery_area },
    });
    return [200, { tracking_id: p.consignmentId }];
  }
  const m = path.match(/^\/parcel\/info\/(.+)$/);
  if (req.method === "GET" && m) {
    const p = findParcel("redx", decodeURIComponent(m[1]));
    if (!p) return [404, { message: "Parcel not found" }];
    return [
      200,
      {
        parcel: {
          tracking_id: p.consignmentId,
          merchant_invoice_id: p.invoice,
          status: REDX_STATUS[p.status] ?? p.status,
          cash_collection_amount: String(p.cod),
        },
      },
    ];
  }
  if (req.method === "GET" && path === "/areas") {
    // Every 4-digit postal code has one area here, except 9999: the "no area" case for tests.
    const district = query.get("district_name");
    if (district) {
      const d = district.trim();
      if (!d || /^nowhere$/i.test(d)) return [200, { areas: [] }];
      const base = 9000 + (d.toLowerCase().charCodeAt(0) % 50) * 10;
      const name = d.charAt(0).toUpperCase() + d.slice(1).toLowerCase();
      return [
        200,
        { areas: [`${name} Sadar`, `${name} Bazar`, `${name} Cantonment`].map((n, i) => ({ id: base + i, name: n, division_name: name, zone_id: 1 })) },
      ];
    }
    const code = query.get("post_code");
    if (!code || code === "9999") return [200, { areas: [] }];
    return [200, { areas: [{ id: Number(code), name: `Area ${code}`, post_code: Number(code), division_name: "Dhaka", zone_id: 1 }] }];
  }
  if (req.method === "GET" && path === "/charge/charge_calculator") return [200, { deliveryCharge: 60, codCharge: 0 }];
  return [404, { message: "Not found" }];
}
