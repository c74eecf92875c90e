import type { CourierStatus } from "~/models/orders/types";

import type { WebhookReading } from "../types";
import { courierTime, idText, jsonObject, paisa, refused, sameSecret, text, update, type WebhookRequest } from "./shared.server";

// Steadfast (packzy) calls back with `Authorization: Bearer <the token set in its panel>`
// (STEADFAST_WEBHOOK_TOKEN) and expects 200 {"status":"success"}.

/**
 * Its `status` words ("Delivered", "partial_delivered", …) in ours. "cancelled" is
 * Steadfast's word for a parcel that was not delivered and goes back to the
 * merchant; "*_approval_pending" is the rider's claim before the hub approves
 * it, so it is still out for delivery. "unknown" and anything new are heard
 * and ignored.
 */
const STATUS: Record<string, CourierStatus> = {
  in_review: "booked",
  pending: "in_transit",
  hold: "on_hold",
  delivered_approval_pending: "out_for_delivery",
  partial_delivered_approval_pending: "out_for_delivery",
  cancelled_approval_pending: "out_for_delivery",
  delivered: "delivered",
  partial_delivered: "partly_delivered",
  cancelled: "returning",
};

const OK = { status: 200, body: { status: "success" } };

export function readSteadfastWebhook({ headers, body }: WebhookRequest): WebhookReading {
  const token = /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1]?.trim();
  if (!sameSecret(token, process.env.STEADFAST_WEBHOOK_TOKEN)) return refused(401, "Bad or missing webhook token");
  const json = jsonObject(body);
  if (!json) return refused(400, "Body must be a JSON object");
  const kind = json.notification_type;
  const consignmentId = idText(json.consignment_id);
  const at = courierTime(json.updated_at) ?? (json.updated_at === undefined ? new Date() : null);
  if ((kind !== "delivery_status" && kind !== "tracking_update") || !consignmentId || !at) {
    return refused(400, "Expected notification_type, consignment_id and updated_at");
  }
  const invoice = text(json.invoice, 40);
  const message = text(json.tracking_message);
  if (kind === "tracking_update") {
    // A step on the way ("reached the Mirpur hub"): still moving; the rank keeps it from undoing an outcome.
    const key = `${consignmentId}:tracking:${at.toISOString()}:${message ?? ""}`;
    return { kind: "updates", updates: [update("steadfast", { eventKey: key, consignmentId, invoice, status: "in_transit", at, message }, json)], reply: OK };
  }
  const word = String(json.status ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  const status = STATUS[word];
  if (!status) return { kind: "reply", reply: OK };
  const cod = paisa(json.cod_amount);
  const charge = paisa(json.delivery_charge);
  if (cod === null || charge === null) return refused(400, "cod_amount and delivery_charge must be amounts");
  const done = status === "delivered" || status === "partly_delivered";
  return {
    kind: "updates",
    updates: [
      update(
        "steadfast",
        {
          eventKey: `${consignmentId}:${word}:${at.toISOString()}`,
          consignmentId,
          invoice,
          status,
          at,
          message,
          // cod_amount is what the rider collected once the parcel is delivered.
          codCollectedPaisa: done ? (cod ?? null) : null,
          deliveryChargePaisa: charge ?? null,
        },
        json,
      ),
    ],
    reply: OK,
  };
}
