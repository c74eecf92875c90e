import { limitAuthAttempt } from "~/models/accounts/index.server";
import { prisma } from "~/models/platform/index.server";

import { ServiceError } from "~/models/platform/index.server";
import { contactMatches } from "./order-lookup.server";

/*
 * Guest cancel needs proof (issue 22 item 20). A guest order's link still
 * opens it for reading, but cancelling it also takes the phone or e-mail given
 * at checkout: a link forwarded or left in a shared browser's history must not
 * be enough to undo somebody's order. Compared in constant time
 * (contactMatches) and limited like sign-in, per IP and per order.
 */

export const PROOF_REQUIRED = "Enter the phone or email you used at checkout";
export const PROOF_WRONG = "That is not the phone or email this order was placed with";

/**
 * `lookedUp`: this browser found the order through /orders/find moments ago
 * (its session says so; lookup-proof.server.ts), which proved the same thing.
 * Pages set it from the session; the API never does.
 */
export type GuestProof = { email?: string; phone?: string; ip?: string; lookedUp?: boolean };

/** Throws 400 (no proof), 403 (wrong proof) or 429; returns when no proof is needed or it matches. */
export async function requireGuestProof(id: string, actor: { isAdmin: boolean } | null, proof: GuestProof | undefined) {
  if (actor?.isAdmin) return;
  const order = await prisma.order.findUnique({ where: { id }, select: { placedAsGuest: true, shippingEmail: true, phone: true } });
  // Unknown orders and account orders are for cancelOrder's own checks (404 / owner only).
  if (!order || !order.placedAsGuest) return;
  if (proof?.lookedUp) return;
  if (!proof?.email && !proof?.phone) throw new ServiceError(400, PROOF_REQUIRED, { contact: [PROOF_REQUIRED] });
  try {
    await limitAuthAttempt({ ip: proof.ip, email: `cancel:${id}` }, async () => {
      // 401 so the limiter keeps the failure on record; the caller sees 403.
      if (!contactMatches(order, proof)) throw new ServiceError(401, PROOF_WRONG);
    });
  } catch (error) {
    if (error instanceof ServiceError && error.message === PROOF_WRONG) throw new ServiceError(403, PROOF_WRONG, { contact: [PROOF_WRONG] });
    throw error;
  }
}
