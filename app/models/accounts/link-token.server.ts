import crypto from "node:crypto";

import type { Tx } from "~/models/platform/index.server";
import { sessionSecrets } from "~/models/platform/index.server";

/*
 * The secret in a mailed link (password reset, e-mail change) is never
 * stored, not even in the mail outbox (issue 27 item 1). A request stores a
 * random nonce in the queued message and the SHA-256 of the token in its
 * table; the worker derives the token from the nonce and the first
 * SESSION_SECRET when it renders the mail, sends it, and keeps only a copy
 * that says "link hidden". An admin reading /admin/mail, or anyone reading
 * the database without the secret, holds nothing that opens the link.
 * docs/decisions/046-links-never-stored.md.
 */

const secret = () => sessionSecrets()[0]!;

/** The link's token for `nonce`: base64url HMAC-SHA256, 43 characters. */
export function linkTokenFor(purpose: "password-reset" | "email-change", nonce: string): string {
  return crypto.createHmac("sha256", secret()).update(`${purpose}:${nonce}`).digest("base64url");
}

export function hashLinkToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** A fresh nonce for a message, and the hash its table keeps. */
export function newLinkToken(purpose: "password-reset" | "email-change") {
  const nonce = crypto.randomBytes(16).toString("base64url");
  return { nonce, tokenHash: hashLinkToken(linkTokenFor(purpose, nonce)) };
}

/** What the back office shows where a link was. */
export const LINK_HIDDEN = "link hidden";

/**
 * Unused e-mail change links of a user die: their password just changed, by
 * reset or on the profile (issue 40 item 3). The notice to the old address
 * promises that a new password stops the change; without this, someone who
 * knew the old password still held a link that moved the account to their
 * address, and a reset sent there took it back.
 */
export async function voidEmailChangeTokens(tx: Tx, userId: number, now = new Date()): Promise<void> {
  await tx.emailChangeToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
}
