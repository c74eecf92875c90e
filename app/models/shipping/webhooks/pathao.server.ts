import type { CourierStatus } from "~/models/orders/types";

import type { WebhookReading } from "../types";
import { courierTime, idText, jsonObject, paisa, refused, sameSecret, text, update, type WebhookRequest } from "./shared.server";

// Pathao: the merchant sets a callback URL and a secret in the panel. Pathao
// sends that secret back in `X-PATHAO-Signature` on every call (as the
// merchants' plugins check it), and expects each answer to be a 202 carrying
// `X-Pathao-Merchant-Webhook-Integration-Secret` with the value Pathao's panel
// shows (PATHAO_WEBHOOK_INTEGRATION_SECRET; the value its docs publish by default).

/** The value Pathao's webhook page tells every merchant to send back (docs/deploy.md). */
export const PATHAO_INTEGRATION_SECRET = "f3992ecc-59da-4cbe-a049-a13da2018d51";

const STATUS: Record<string, CourierStatus> = {
  "order.created": "booked",
  "order.updated": "booked",
  "order.pickup-requested": "booked",
  "order.assigned-for-pickup": "booked",
  "order.pickup-failed": "booked",
  "order.pickup-cancelled": "cancelled",
  "order.picked": "picked",
  "order.at-the-sorting-hub": "in_transit",
  "order.in-transit": "in_transit",
  "order.received-at-last-mile-hub": "in_transit",
  "order.assigned-for-delivery": "out_for_delivery",
  "order.delivered": "delivered",
  "order.partial-delivery": "partly_delivered",
  "order.returned": "returning",
  "order.delivery-failed": "returning",
  "order.paid-return": "returning",
  "order.on-hold": "on_hold",
};

function reply(): { status: number; body: unknown; headers: Record<string, string> } {
  const secret = process.env.PATHAO_WEBHOOK_INTEGRATION_SECRET || PATHAO_INTEGRATION_SECRET;
  return { status: 202, body: { status: "success" }, headers: { "X-Pathao-Merchant-Webhook-Integration-Secret": secret } };
}

export function readPathaoWebhook({ headers, body }: WebhookRequest): WebhookReading {
  if (!sameSecret(headers.get("x-pathao-signature"), process.env.PATHAO_WEBHOOK_SECRET)) return refused(401, "Bad or missing webhook signature");
  const json = jsonObject(body);
  if (!json || typeof json.event !== "string") return refused(400, "Expected a JSON object with an event");
  // The handshake Pathao sends when the merchant saves the callback URL.
  if (json.event === "webhook_integration") return { kind: "reply", reply: reply() };
  const consignmentId = idText(json.consignment_id);
  const at = courierTime(json.timestamp) ?? courierTime(json.updated_at);
  if (!consignmentId || !at) return refused(400, "Expected consignment_id and timestamp");
  // order.paid: Pathao paid this order's cash out, in the payout its invoice_id names (decision 095).
  if (json.event === "order.paid") {
    const reference = idText(json.invoice_id) ?? `paid-${at.toISOString().slice(0, 10)}`;
    return { kind: "payout", payout: { courier: "pathao", reference, consignmentId, invoice: text(json.merchant_order_id, 40), at }, reply: reply() };
  }
  const status = STATUS[json.event];
  // order.exchanged and events Pathao adds later: heard, nothing to change.
  if (!status) return { kind: "reply", reply: reply() };
  const collected = paisa(json.collected_amount);
  const fee = paisa(json.delivery_fee);
  if (collected === null || fee === null) return refused(400, "collected_amount and delivery_fee must be amounts");
  return {
    kind: "updates",
    updates: [
      update(
        "pathao",
        {
          eventKey: `${consignmentId}:${json.event}:${at.toISOString()}`,
          consignmentId,
          invoice: text(json.merchant_order_id, 40),
          status,
          at,
          message: text(json.reason),
          codCollectedPaisa: collected ?? null,
          deliveryChargePaisa: fee ?? null,
        },
        json,
      ),
    ],
    reply: reply(),
  };
}
