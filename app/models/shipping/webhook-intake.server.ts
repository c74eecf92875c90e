import { applyCourierUpdate, recordPayoutNotice } from "~/models/orders/index.server";
import { isDatabaseUnavailable } from "~/models/platform/index.server";
import type { CourierName } from "~/models/orders/types";

import type { WebhookReading } from "./types";
import { readPathaoWebhook } from "./webhooks/pathao.server";
import { readRedxWebhook } from "./webhooks/redx.server";
import type { WebhookRequest } from "./webhooks/shared.server";
import { readSteadfastWebhook } from "./webhooks/steadfast.server";

// POST /webhooks/{courier}: the reader checks the courier's secret and reads its
// words; the orders side applies them (courier-updates.server.ts). A courier
// retries what is not answered 2xx, so: a bad secret 401, junk 400, a parcel
// we do not know 404 (logged: a mistyped URL in another shop's panel, or a
// parcel booked by hand), and never a 500; trouble on our side is a 503 the
// courier retries, and a retry of what we already have changes nothing.

type Courier = Exclude<CourierName, "manual">;

const READERS: Record<Courier, (request: WebhookRequest) => WebhookReading> = {
  steadfast: readSteadfastWebhook,
  pathao: readPathaoWebhook,
  redx: readRedxWebhook,
};

const answer = (status: number, body: unknown, headers?: Record<string, string>) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers } });

export async function handleWebhook(courier: Courier, request: Request, body: string): Promise<Response> {
  try {
    const reading = READERS[courier]({ headers: request.headers, body, url: request.url });
    if (reading.kind === "refused") return answer(reading.status, { message: reading.message });
    if (reading.kind === "payout" && (await recordPayoutNotice(reading.payout)) === "unknown") {
      console.warn(`webhook ${courier}: paid out an unknown or undelivered consignment ${reading.payout.consignmentId}`);
      return answer(404, { message: "Unknown consignment" }, reading.reply.headers);
    }
    for (const update of reading.kind === "updates" ? reading.updates : []) {
      const { result } = await applyCourierUpdate(update);
      if (result === "unknown") {
        console.warn(`webhook ${courier}: unknown consignment ${update.consignmentId ?? "-"} (invoice ${update.invoice ?? "-"}), status ${update.status}`);
        return answer(404, { message: "Unknown consignment" }, reading.reply.headers);
      }
    }
    return answer(reading.reply.status, reading.reply.body, reading.reply.headers);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) console.error(`webhook ${courier}:`, error);
    return answer(503, { message: "Please try again shortly" }, { "Retry-After": "30" });
  }
}
