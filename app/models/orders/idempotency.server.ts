import crypto from "node:crypto";

import { prisma } from "~/models/platform/index.server";
import { sessionSecrets } from "~/models/platform/index.server";

import { ServiceError } from "~/models/platform/index.server";
import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";
import { placeOrder, placeOrderOrFind, type PlaceOrderInput } from "./order.server";

// An API client whose order reply was lost (the server died after the commit,
// a timeout) retries with the same `Idempotency-Key` and gets the stored order
// back instead of a second one (docs/decisions/017-idempotent-orders.md).

const KEY = /^[\x21-\x7e]{1,200}$/;
export const INVALID_KEY = "Idempotency-Key must be 1 to 200 visible ASCII characters";

/** The header's key, if any; a malformed one is a 400 (never silently ignored: the client relies on it). */
export function parseIdempotencyKey(value: string | null): string | undefined {
  if (value === null) return undefined;
  if (!KEY.test(value)) throw new ServiceError(400, INVALID_KEY);
  return value;
}

/**
 * The order id a key stands for: an HMAC of the key and the buyer (account,
 * or a guest's e-mail), shaped as a UUID. So the order's primary key is the
 * uniqueness guard (two racing retries cannot both insert), another buyer's
 * equal key names another order, and the id stays an unguessable link
 * capability however simple the client's keys are.
 */
export function orderIdForKey(key: string, buyer: { userId?: number | null; email?: string }) {
  const scope = buyer.userId ? `user:${buyer.userId}` : `guest:${buyer.email?.trim().toLowerCase() ?? ""}`;
  const secret = sessionSecrets()[0]!;
  const h = crypto.createHmac("sha256", secret).update(`order\n${scope}\n${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x40; // version 4
  h[8] = (h[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const KEY_REUSED = "This Idempotency-Key was already used for a different order; use a new key for a new order";

/**
 * The request as the buyer sent it, hashed: who, what, where, how. Field
 * order is fixed here, so the same body always gives the same fingerprint.
 */
export function bodyFingerprint(input: PlaceOrderInput): string {
  const a = input.shippingAddress;
  const canonical = JSON.stringify([
    input.userId ?? null,
    input.name?.trim() ?? null,
    input.email?.trim().toLowerCase() ?? null,
    [...input.lines].map((l) => [l.productId, l.size, l.qty]).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
    [a.address, a.city, a.postalCode, a.phone, a.deliveryLabel, a.country ?? null],
    input.paymentMethod ?? null,
    input.clientTotalPrice ?? null,
  ]);
  return crypto.createHash("sha256").update(canonical).digest("hex");
}

/**
 * A key is bound to the body of the order it placed, and only once that
 * order commits: the binding is written in the order's own INSERT
 * (order-insert.server.ts). So a request that failed (sold out, over a
 * limit, bad input) leaves the key free: nobody can spoil a guest's key
 * with their e-mail and a doomed order (issue 40). Once bound, another
 * body is refused (422): a guest's key is scoped by their e-mail, which
 * others may know, and a replay with another body must not read back their
 * order, address and phone (issue 27 item 9). An order older than its
 * binding (placed before bindings existed) cannot be proved to match and is
 * refused the same way.
 */
async function refuseOtherBody(orderId: string, fingerprint: string): Promise<void> {
  const bound = await prisma.idempotencyKey.findUnique({ where: { orderId }, select: { fingerprint: true } });
  if (bound?.fingerprint !== fingerprint) throw new ServiceError(422, KEY_REUSED);
}

/**
 * Places the order once per key: a key already used by this buyer with the
 * same body returns the stored order (`replayed`, as stock and prices may
 * have moved since); with another body it is a 422. Without a key, an
 * ordinary placement. Two requests with one key racing each other meet on
 * the primary key inside placeOrder, which returns the first one's order to
 * the second; the binding read after it says whether that second request
 * may have it.
 */
export async function placeOrderOnce(input: PlaceOrderInput, key: string | undefined): Promise<{ order: OrderDTO; replayed: boolean }> {
  if (!key) return { order: await placeOrder(input), replayed: false };
  const orderId = orderIdForKey(key, input);
  const fingerprint = bodyFingerprint(input);
  const stored = await prisma.order.findUnique({ where: { id: orderId }, include: orderInclude });
  if (stored) {
    // Read after the order: the two commit together, so a visible order has its binding visible too.
    await refuseOtherBody(orderId, fingerprint);
    return { order: toOrderDTO(stored), replayed: true };
  }
  const { order, placed } = await placeOrderOrFind({ ...input, orderId, keyFingerprint: fingerprint });
  // This call's own INSERT bound the key to this body; only an order another request placed is checked.
  if (!placed) await refuseOtherBody(orderId, fingerprint);
  return { order, replayed: false };
}
