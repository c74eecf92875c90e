// Steadfast's payouts as the fake speaks them (issue 36 item 5, decision 106): GET /payments lists the
// payments, GET /payments/{payment_id} gives one with its consignments. A test makes a payment with
// POST /_control/payment (server.mjs); state lives here, forgotten on /_control/reset.

/** Steadfast's payments by id. */
export const payments = new Map();
// Ids unlike any earlier run's: a database that outlives the fake must not see an old payment id again.
let next = Date.now() % 1_000_000_000;

const taka = (v) => Math.round(Number(v) * 100) / 100;

/**
 * A payment from the control body `{id?, status?, amount?, createdAt?, consignments: [...]}`. Each
 * consignment is a parcel the fake booked (`{consignmentId}`) or one described in full
 * (`{consignmentId, invoice, trackingCode, codAmount, deliveryCharge}`, e.g. a parcel the fake never saw).
 * The amount, when not given, is what the consignments are owed: cash collected minus the charge.
 */
export function addPayment(body, findParcel) {
  const id = body.id === undefined ? ++next : Number(body.id);
  const consignments = (Array.isArray(body.consignments) ? body.consignments : []).map((c, i) => {
    const booked = findParcel("steadfast", String(c.consignmentId));
    return {
      id: id * 1000 + i + 1,
      consignment_id: Number(c.consignmentId) || String(c.consignmentId),
      invoice: c.invoice ?? booked?.invoice ?? null,
      tracking_code: c.trackingCode ?? booked?.trackingCode ?? null,
      cod_amount: taka(c.codAmount ?? booked?.cod ?? 0),
      delivery_charge: taka(c.deliveryCharge ?? 60),
      status: "delivered",
    };
  });
  const owed = consignments.reduce((sum, c) => sum + c.cod_amount - c.delivery_charge, 0);
  const at = body.createdAt ?? new Date().toISOString();
  const payment = { id, amount: taka(body.amount ?? owed), status: body.status ?? "paid", created_at: at, updated_at: at, consignments };
  payments.set(id, payment);
  return payment;
}

/** GET /payments and GET /payments/{payment_id}; null for any other path. */
export function steadfastPayments(req, path) {
  if (req.method !== "GET") return null;
  if (path === "/payments") {
    const list = [...payments.values()].sort((a, b) => b.id - a.id).map(({ consignments, ...p }) => ({ ...p, total_consignments: consignments.length }));
    return [200, { status: 200, data: list }];
  }
  const m = path.match(/^\/payments\/([^/]+)$/);
  if (!m) return null;
  const found = payments.get(Number(decodeURIComponent(m[1])));
  if (!found) return [404, { status: 404, message: "Payment not found." }];
  return [200, { status: 200, data: found }];
}
