import { prisma } from "~/models/platform/index.server";
import { env } from "~/models/platform/index.server";
import { takeSlots } from "~/models/platform/index.server";

import type { Session } from "~/models/accounts/index.server";
import { tooManyRequests } from "~/models/platform/index.server";

/*
 * The short link an SMS carries (issue 41 item 1, decision 084):
 * SHOP_URL/o/<linkToken>. Opening it lets this browser see that one order,
 * masked as any link view is, and enter its SMS code, without a sign-in and
 * without the checkout e-mail or phone: a buyer who closed the tab can still
 * confirm. The grant sits in the session for LINK_HOURS; the token itself
 * (about 59 random bits, Order.linkToken) is the capability.
 *
 * The same session also remembers the orders it placed a moment ago, for
 * PLACED_MINUTES: that browser sees its own address in full (to catch a typo)
 * and the "an e-mail is on its way" line; a later visit by link does not.
 */

type Grant = { id: string; until: number };
type GrantKey = "linkedOrders" | "placedOrders";

const LINK_HOURS = 12;
export const PLACED_MINUTES = 30;
/** Orders a browser keeps a grant for at once: the cookie carries them. */
const MOST_KEPT = 5;
/** Unknown tokens one address may try in an hour: guessing stays hopeless. */
const MISSES_PER_HOUR = 30;

function kept(session: Session, key: GrantKey, now: number): Grant[] {
  const raw = session.get(key);
  return Array.isArray(raw) ? raw.filter((g): g is Grant => Boolean(g) && typeof g.id === "string" && typeof g.until === "number" && g.until > now) : [];
}

function remember(session: Session, key: GrantKey, orderId: string, ms: number, now: number) {
  const others = kept(session, key, now).filter((g) => g.id !== orderId);
  session.set(key, [...others, { id: orderId, until: now + ms }].slice(-MOST_KEPT));
}

/** Whether this browser opened `orderId` through its SMS link lately. */
export function hasLinkGrant(session: Session, orderId: string, now = Date.now()): boolean {
  return kept(session, "linkedOrders", now).some((g) => g.id === orderId);
}

/** Remembers that this browser placed `orderId` just now (the caller commits the session). */
export function rememberPlaced(session: Session, orderId: string, now = Date.now()) {
  remember(session, "placedOrders", orderId, PLACED_MINUTES * 60_000, now);
}

/** Whether this browser placed `orderId` within the last PLACED_MINUTES. */
export function placedHere(session: Session, orderId: string, now = Date.now()): boolean {
  return kept(session, "placedOrders", now).some((g) => g.id === orderId);
}

/** The link as an SMS prints it: no "https://" (phones detect the address without it; it costs 8 of 70 Bangla characters). */
export function orderShortLink(token: string, shopUrl = env.SHOP_URL): string {
  return `${shopUrl.replace(/^https:\/\//, "")}/o/${token}`;
}

/**
 * The order a short link names, its grant remembered in `session` (the caller
 * commits it), or null for a token that names none. Misses are counted per
 * address: 429 past MISSES_PER_HOUR.
 */
export async function openByLink(session: Session, token: string, ip: string | undefined, now = new Date()) {
  const order = /^[A-Za-z0-9]{10}$/.test(token) ? await prisma.order.findUnique({ where: { linkToken: token }, select: { id: true, lang: true } }) : null;
  if (!order) {
    if (ip) {
      const taken = await takeSlots(prisma, [{ key: `order-link-miss:${ip}`, limit: MISSES_PER_HOUR, windowSeconds: 3600 }], now);
      if (!taken.ok) throw tooManyRequests("Too many wrong links. Please try again later.", taken.retryAfterSeconds);
    }
    return null;
  }
  remember(session, "linkedOrders", order.id, LINK_HOURS * 3_600_000, now.getTime());
  return order;
}
