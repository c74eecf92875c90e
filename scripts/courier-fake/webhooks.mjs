// Builds and POSTs each courier's status webhook, as the courier would send it,
// to a running shop (issue 36 item 8). The tests use it over real HTTP; people
// use it to try the flow locally:
//   node scripts/courier-fake/webhooks.mjs steadfast http://localhost:3000 SF123 delivered [--cod 1500]
//   node scripts/courier-fake/webhooks.mjs pathao http://localhost:3000 PX123 order.in-transit
//   node scripts/courier-fake/webhooks.mjs pathao http://localhost:3000 - webhook_integration
//   node scripts/courier-fake/webhooks.mjs redx http://localhost:3000 RX123 delivered
// The secrets come from the same variables the shop reads (STEADFAST_WEBHOOK_TOKEN,
// PATHAO_WEBHOOK_SECRET, REDX_WEBHOOK_TOKEN), or --token.
import { pathToFileURL } from "node:url";

/** Dhaka wall-clock time as the couriers write it ("2026-12-01 14:05:09"). */
export function dhakaTime(at = new Date()) {
  return new Date(at.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Steadfast: Authorization: Bearer <token>; notification_type delivery_status or tracking_update.
 * @param {{ consignmentId: string, status?: string, invoice?: string, codAmount?: number, deliveryCharge?: number, message?: string, at?: Date, type?: "delivery_status" | "tracking_update" }} e
 */
export function steadfastRequest(e, token = process.env.STEADFAST_WEBHOOK_TOKEN ?? "") {
  const type = e.type ?? "delivery_status";
  const body = {
    notification_type: type,
    consignment_id: /^\d+$/.test(e.consignmentId) ? Number(e.consignmentId) : e.consignmentId,
    invoice: e.invoice ?? "",
    ...(type === "delivery_status" ? { status: e.status ?? "delivered", cod_amount: e.codAmount ?? 0, delivery_charge: e.deliveryCharge ?? 60 } : {}),
    tracking_message: e.message ?? "",
    updated_at: dhakaTime(e.at),
  };
  return { path: "/webhooks/steadfast", headers: { Authorization: `Bearer ${token}` }, body };
}

/**
 * Pathao: X-PATHAO-Signature carries the merchant's webhook secret; the handshake is {event: "webhook_integration"}.
 * @param {{ consignmentId?: string, event: string, invoice?: string, collectedAmount?: number, deliveryFee?: number, reason?: string, invoiceId?: string, at?: Date }} e
 */
export function pathaoRequest(e, secret = process.env.PATHAO_WEBHOOK_SECRET ?? "") {
  const at = e.at ?? new Date();
  const body =
    e.event === "webhook_integration"
      ? { event: "webhook_integration" }
      : {
          consignment_id: e.consignmentId,
          merchant_order_id: e.invoice ?? "",
          updated_at: dhakaTime(at),
          timestamp: at.toISOString().replace(/\.\d{3}Z$/, "+00:00"),
          store_id: 130820,
          event: e.event,
          ...(e.collectedAmount !== undefined ? { collected_amount: e.collectedAmount } : {}),
          ...(e.deliveryFee !== undefined ? { delivery_fee: e.deliveryFee } : {}),
          ...(e.reason ? { reason: e.reason } : {}),
          // order.paid names the payout invoice the order was paid out in.
          ...(e.invoiceId ? { invoice_id: e.invoiceId } : {}),
        };
  return { path: "/webhooks/pathao", headers: { "X-PATHAO-Signature": secret }, body };
}

/**
 * RedX: the token rides in the callback URL saved in its panel (?token=).
 * @param {{ consignmentId: string, status: string, invoice?: string, messageEn?: string, messageBn?: string, at?: Date }} e
 */
export function redxRequest(e, token = process.env.REDX_WEBHOOK_TOKEN ?? "") {
  const body = {
    tracking_number: e.consignmentId,
    status: e.status,
    message_en: e.messageEn ?? "",
    message_bn: e.messageBn ?? "",
    invoice_number: e.invoice ?? "",
    timestamp: (e.at ?? new Date()).toISOString(),
  };
  return { path: `/webhooks/redx?token=${encodeURIComponent(token)}`, headers: {}, body };
}

/**
 * POSTs a built request to the shop; answers {status, headers, body}.
 * @param {string} shopUrl
 * @param {{ path: string, headers: Record<string, string>, body: unknown }} request
 * @param {string} [rawBody] send these bytes instead (junk tests)
 */
export async function postWebhook(shopUrl, request, rawBody) {
  const res = await fetch(new URL(request.path, shopUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...request.headers },
    body: rawBody ?? JSON.stringify(request.body),
  });
  const text = await res.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, headers: res.headers, body };
}

/** @param {string[]} argv */
async function cli(argv) {
  const [courier, shopUrl, consignmentId, word, ...rest] = argv;
  const flag = (/** @type {string} */ name) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  if (!courier || !shopUrl || !word) {
    console.error("usage: webhooks.mjs <steadfast|pathao|redx> <shopUrl> <consignmentId|-> <status|event> [--token T] [--cod TAKA] [--invoice TB-1]");
    process.exit(2);
  }
  const token = flag("token");
  const cod = flag("cod") === undefined ? undefined : Number(flag("cod"));
  const invoice = flag("invoice");
  /** @type {Record<string, () => { path: string, headers: Record<string, string>, body: unknown }>} */
  const builders = {
    steadfast: () => steadfastRequest({ consignmentId, status: word, codAmount: cod, invoice }, token),
    pathao: () => pathaoRequest({ consignmentId, event: word, collectedAmount: cod, invoice }, token),
    redx: () => redxRequest({ consignmentId, status: word, invoice }, token),
  };
  const build = builders[courier];
  if (!build) throw new Error(`Unknown courier ${courier}`);
  const answer = await postWebhook(shopUrl, build());
  console.log(answer.status, JSON.stringify(answer.body));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  cli(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
