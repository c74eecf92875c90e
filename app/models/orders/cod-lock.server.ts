import { prisma, type Tx } from "~/models/platform/index.server";
import { clearSlots, slotTat, takeSlots, type WindowRule } from "~/models/platform/index.server";

// The wrong-code lock counts per client, not per order (issue 37 item 5,
// decision 093): someone holding an order's link can lock themselves out, not
// the buyer. Each client (its address) may try five wrong codes on an order,
// then one more every 15 minutes (a rate window: platform/rate-window.server.ts).
// A ceiling over all clients together still stops guessing from many
// addresses: past it the code stops working and the order waits for a call;
// it is never cancelled for it. A new code lifts both.

export const TRIES_PER_CLIENT = 5;
export const LOCK_SECONDS = 15 * 60;
/** Wrong codes on one order from all clients together before it waits for a call instead. */
export const TRIES_PER_ORDER = 20;

const clientKey = (orderId: string, client: string | null | undefined) => `code-tries:${orderId}:${client || "unknown"}`;
const rule = (orderId: string, client: string | null | undefined): WindowRule => ({
  key: clientKey(orderId, client),
  limit: TRIES_PER_CLIENT,
  windowSeconds: TRIES_PER_CLIENT * LOCK_SECONDS,
});

/** Until when this client may not try a code on this order; null when it may. */
export async function clientLockedUntil(orderId: string, client: string | null | undefined, now = new Date()): Promise<Date | null> {
  const r = rule(orderId, client);
  const tat = await slotTat(prisma, r.key);
  if (!tat) return null;
  // GCRA: one more fits when TAT plus one step lands within the window from now.
  const until = Math.max(tat.getTime(), now.getTime()) + LOCK_SECONDS * 1000 - r.windowSeconds * 1000;
  return until > now.getTime() ? new Date(until) : null;
}

/** Counts a wrong code against the client; returns the lock's end when this try used up its tries. */
export async function countWrongTry(orderId: string, client: string | null | undefined, now = new Date()): Promise<Date | null> {
  await takeSlots(prisma, [rule(orderId, client)], now);
  return clientLockedUntil(orderId, client, now);
}

/** A new code lifts every client's lock on the order (inside the resend's transaction). */
export async function liftLocks(tx: Tx, orderId: string): Promise<void> {
  await clearSlots(tx, `code-tries:${orderId}:`);
}
