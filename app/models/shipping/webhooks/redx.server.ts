import type { CourierStatus } from "~/models/orders/types";

import type { WebhookReading } from "../types";
import { courierTime, idText, jsonObject, refused, sameSecret, text, update, type WebhookRequest } from "./shared.server";

// RedX calls the callback URL saved in its panel with {tracking_number, status,
// message_en, message_bn, invoice_number, timestamp} and no signature of its
// own, so the URL carries the shop's secret: `?token=<REDX_WEBHOOK_TOKEN>`
// (also accepted as `X-Redx-Token` or `Authorization: Bearer`, for proxies that add it).

const STATUS: Record<string, CourierStatus> = {
  "pickup-pending": "booked",
  "pickup-in-progress": "booked",
  "ready-for-delivery": "in_transit",
  "agent-area-change": "in_transit",
  "in-transit": "in_transit",
  "delivery-in-progress": "out_for_delivery",
  delivered: "delivered",
  "partial-delivered": "partly_delivered",
  "partially-delivered": "partly_delivered",
  "agent-hold": "on_hold",
  hold: "on_hold",
  "agent-returning": "returning",
  returned: "returning",
  cancelled: "cancelled",
};

function tokenOf({ headers, url }: WebhookRequest): string | null {
  const fromUrl = url ? new URL(url).searchParams.get("token") : null;
  return fromUrl || headers.get("x-redx-token") || /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1]?.trim() || null;
}

export function readRedxWebhook(request: WebhookRequest): WebhookReading {
  if (!sameSecret(tokenOf(request), process.env.REDX_WEBHOOK_TOKEN)) return refused(401, "Bad or missing webhook token");
  const json = jsonObject(request.body);
  if (!json) return refused(400, "Body must be a JSON object");
  const consignmentId = idText(json.tracking_number);
  const at = courierTime(json.timestamp);
  const word =
    typeof json.status === "string"
      ? json.status
          .trim()
          .toLowerCase()
          .replace(/[\s_]+/g, "-")
      : "";
  if (!consignmentId || !at || !word) return refused(400, "Expected tracking_number, status and timestamp");
  const status = STATUS[word];
  const ok = { status: 200, body: { status: "success" } };
  if (!status) return { kind: "reply", reply: ok };
  return {
    kind: "updates",
    updates: [
      update(
        "redx",
        {
          eventKey: `${consignmentId}:${word}:${at.toISOString()}`,
          consignmentId,
          invoice: text(json.invoice_number, 40),
          status,
          at,
          message: text(json.message_en),
          // RedX's own Bangla words, shown on Bangla pages instead of ours.
          messageBn: text(json.message_bn),
        },
        json,
      ),
    ],
    reply: ok,
  };
}
