import type { Tx } from "~/models/platform/index.server";
import { normalizeBdMobile } from "~/utils/phone";
import { emailKey } from "~/utils/email-key";

import { keyedError, tooManyRequests } from "~/models/platform/index.server";
import { refusedWait, type WindowRule } from "~/models/platform/index.server";
import type { ShopSettings } from "~/models/platform/index.server";

// The limits no single visitor can pass (issue 26, decision 055): caps on one
// order, and how many orders one IP, e-mail, phone or account may place over
// rate windows (platform/rate-window.server.ts). The numbers are the admin's (settings.server.ts).

export const TOO_MANY_ORDERS = "Too many orders from you in a short time. Please try again later, or call us to order.";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

type Line = { productId: number; size: string; qty: number };

/** Throws a 400 naming the cap when the (merged) lines go past what one order may hold. */
export function checkOrderCaps(lines: Line[], s: ShopSettings): void {
  const line = lines.find((l) => l.qty > s.maxQtyPerLine);
  if (line) throw keyedError(400, { key: "You can order at most {{max}} of one product in one size", values: { max: s.maxQtyPerLine } });
  if (lines.length > s.maxLinesPerOrder) {
    throw keyedError(400, { key: "An order can hold at most {{max}} different items", values: { max: s.maxLinesPerOrder } });
  }
  const pieces = lines.reduce((sum, l) => sum + l.qty, 0);
  if (pieces > s.maxQtyPerOrder) throw keyedError(400, { key: "An order can hold at most {{max}} pieces", values: { max: s.maxQtyPerOrder } });
}

export type OrderSource = { ip?: string | null; email: string; phone: string; userId: number | null };

function rulesFor(source: OrderSource, s: ShopSettings): WindowRule[] {
  const phone = normalizeBdMobile(source.phone) ?? source.phone.replace(/\D/g, "");
  const rules: WindowRule[] = [
    { key: `order-email:${emailKey(source.email)}`, limit: s.ordersPerEmailPerDay, windowSeconds: DAY },
    { key: `order-phone:${phone}`, limit: s.ordersPerPhonePerDay, windowSeconds: DAY },
  ];
  // Without a known address (a test calling the service) only the buyer's own keys count.
  if (source.ip) rules.push({ key: `order-ip:${source.ip}`, limit: s.ordersPerIpPerHour, windowSeconds: HOUR });
  if (source.userId) rules.push({ key: `order-user:${source.userId}`, limit: s.ordersPerAccountPerDay, windowSeconds: DAY });
  return rules;
}

/**
 * The buyer's limit rules for one order. Checkout counts them in its own
 * insert (order-insert.server.ts: one statement, just before the stock is
 * taken), so a refusal, or any later failure, rolls the count back with the
 * order, and the keys' rows stay locked only until the commit: orders that
 * share an address (a mobile operator's) barely wait on each other.
 */
export function orderRules(source: OrderSource, s: ShopSettings): WindowRule[] {
  return rulesFor(source, s);
}

/** Throws the 429 (with when to try again) unless every rule let the order through. */
export async function refuseUnlessPassed(tx: Tx, rules: WindowRule[], passedKeys: string[], now: Date): Promise<void> {
  if (passedKeys.length === rules.length) return;
  const passed = new Set(passedKeys);
  const { retryAfterSeconds } = await refusedWait(
    tx,
    rules.filter((r) => !passed.has(r.key)),
    now,
  );
  throw tooManyRequests(TOO_MANY_ORDERS, retryAfterSeconds);
}
