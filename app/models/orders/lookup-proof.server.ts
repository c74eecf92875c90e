import type { Session } from "~/models/accounts/index.server";

/*
 * A guest who found an order through /orders/find has just given its number
 * and the checkout e-mail or phone: the same proof a cancel asks for. The
 * browser keeps that proof in its session for a while, so the cancel button
 * on the page the lookup opened does not ask for it again (issue 28 item 11,
 * decision 061). Only for the order looked up, only in that browser, and only
 * for PROOF_MINUTES: a shared computer's next user finds it gone.
 */

export const PROOF_MINUTES = 60;
/** Orders a browser keeps proof for at once; a cookie carries them. */
const MOST_KEPT = 5;

type Proof = { id: string; until: number };

function kept(session: Session, now: number): Proof[] {
  const raw = session.get("provenOrders");
  return Array.isArray(raw) ? raw.filter((p): p is Proof => Boolean(p) && typeof p.id === "string" && typeof p.until === "number" && p.until > now) : [];
}

/** Remembers that this browser proved it holds `orderId` (the caller commits the session). */
export function rememberLookupProof(session: Session, orderId: string, now = Date.now()) {
  const others = kept(session, now).filter((p) => p.id !== orderId);
  session.set("provenOrders", [...others, { id: orderId, until: now + PROOF_MINUTES * 60_000 }].slice(-MOST_KEPT));
}

/** Whether this browser proved, within the last PROOF_MINUTES, that it holds `orderId`. */
export function hasLookupProof(session: Session, orderId: string, now = Date.now()): boolean {
  return kept(session, now).some((p) => p.id === orderId);
}
