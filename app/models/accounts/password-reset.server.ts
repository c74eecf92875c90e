import { DEFAULT_LANG, type Lang } from "~/i18n/languages";
import { enqueueMail, outboxEntry } from "~/models/mail/index.server";
import { prisma, type Tx } from "~/models/platform/index.server";

import { ServiceError, tooManyRequests } from "~/models/platform/index.server";
import { hashLinkToken, newLinkToken, voidEmailChangeTokens } from "./link-token.server";
import { authLimiter, createFailureLimiter, TOO_MANY_ATTEMPTS, type Limiter } from "./rate-limit.server";
import { hashPassword, type AccountUser } from "./user.server";

/*
 * Password reset (issue 18 part 3; docs/decisions/025-password-reset-tokens.md).
 * The link carries a 32-byte token (base64url); the table keeps only its
 * SHA-256, so a leaked backup cannot reset anybody's password, and the mail
 * outbox keeps only a nonce the worker turns into the token with the secret
 * (link-token.server.ts), so /admin/mail cannot either. A token works
 * once and for an hour. Asking for a link answers the same whether or not the
 * account exists, and runs the same statements on both paths: the token is
 * written by an INSERT … SELECT that simply inserts nothing for an unknown
 * e-mail, and the e-mail goes out later from the outbox, off the request path.
 */

export const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset its password. It works once, within an hour.";
export const RESET_LINK_INVALID = "This reset link is invalid, used or expired. Please ask for a new one.";

export const hashResetToken = hashLinkToken;

/**
 * Reset e-mails per recipient and hour (issue 26): a flood of requests for
 * one address is refused, never queued. Counted whether or not the address
 * has an account, so the answer tells nothing about it. A real person who
 * lost two mails still gets a third.
 */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 5;
export const TOO_MANY_RESET_MAILS = "We have already sent several reset links to this address, please try again in an hour";
export const resetMailLimiter = createFailureLimiter({ limit: RESET_MAILS_PER_ADDRESS_PER_HOUR, windowMs: 60 * 60_000 });

/** Unused reset links of a user die: their password or e-mail just changed (issue 27 item 3). */
export async function voidResetTokens(tx: Tx, userId: number, now = new Date()): Promise<void> {
  await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
}

function keys(ip: string | undefined, email: string) {
  return [`ip:${ip || "unknown"}`, `email:${email.trim().toLowerCase()}`];
}

/** Counts an attempt (kept on record) or refuses it with 429: requests and failed resets share the sign-in limit. */
async function countAttempt(keyList: string[], limiter: Limiter) {
  const reservation = await limiter.reserve(keyList);
  if (!reservation) throw tooManyRequests(TOO_MANY_ATTEMPTS, 60);
}

/**
 * Queues a reset link for `email` if it belongs to an account. Returns nothing
 * either way: the caller always shows RESET_REQUESTED. `lang` is the language
 * of the page the link was asked from: the e-mail and the page it links to are
 * in it (the API asks in English).
 */
export async function requestPasswordReset(
  { email, ip, lang = DEFAULT_LANG }: { email: string; ip?: string; lang?: Lang },
  { limiter = authLimiter, mailLimiter = resetMailLimiter, now = new Date() }: { limiter?: Limiter; mailLimiter?: Limiter; now?: Date } = {},
): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await countAttempt(keys(ip, normalized), limiter);
  if (!(await mailLimiter.reserve([`reset-mail:${normalized}`], now))) throw tooManyRequests(TOO_MANY_RESET_MAILS, 60 * 60);
  const { nonce, tokenHash } = newLinkToken("password-reset");
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number; name: string; email: string }[]>`
      WITH t AS (
        INSERT INTO "PasswordResetToken" ("userId", "tokenHash", "expiresAt")
        SELECT id, ${tokenHash}, ${expiresAt} FROM "User" WHERE email = ${normalized}
        RETURNING id, "userId")
      SELECT t.id, u.name, u.email FROM t JOIN "User" u ON u.id = t."userId"`;
    const row = rows[0];
    // The upsert on a key nobody else uses writes nothing for an unknown e-mail but costs the same round trip.
    const key = row ? `password-reset:${row.id}` : `password-reset:none:${tokenHash}`;
    if (row) {
      await enqueueMail(tx, {
        key,
        to: row.email,
        template: "password-reset",
        data: { name: row.name, nonce, lang },
      });
    } else {
      await outboxEntry(key, tx);
    }
  });
}

/** Whether a link is still good (for the page's GET): the same checks the reset makes. */
export async function isResetTokenUsable(token: string, now = new Date()): Promise<boolean> {
  const row = await prisma.passwordResetToken.findUnique({ where: { tokenHash: hashResetToken(token) } });
  return !!row && !row.usedAt && row.expiresAt > now;
}

/**
 * Sets a new password with a reset token: uses the token up, and bumps the
 * user's sessionVersion so every existing sign-in (on every instance) ends.
 * The caller signs the user in with the returned account. 400 for a bad,
 * used or expired token; failed tries count against the limit per IP.
 */
export async function resetPassword(
  { token, password, ip }: { token: string; password: string; ip?: string },
  { limiter = authLimiter, now = new Date() }: { limiter?: Limiter; now?: Date } = {},
): Promise<AccountUser> {
  const keyList = [`ip:${ip || "unknown"}`];
  const reservation = await limiter.reserve(keyList, now);
  if (!reservation) throw tooManyRequests(TOO_MANY_ATTEMPTS, 60);
  const passwordHash = await hashPassword(password);
  const user = await prisma.$transaction(async (tx) => {
    // The conditional UPDATE claims the token: of two racing uses only one gets the row.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { tokenHash: hashResetToken(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    const { userId } = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash: hashResetToken(token) } });
    // Other links of this user die too: the password they were meant to replace is gone.
    await voidResetTokens(tx, userId, now);
    // A pending e-mail change dies as well: the mail to the old address says a new password stops it.
    await voidEmailChangeTokens(tx, userId, now);
    return tx.user.update({
      where: { id: userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { id: true, name: true, email: true, isAdmin: true, sessionVersion: true },
    });
  });
  if (!user) throw new ServiceError(400, RESET_LINK_INVALID);
  // A successful reset is not a failure: take its row back, as sign-in does.
  await limiter.release(reservation).catch((error: unknown) => console.error("releasing a reset attempt failed", error));
  return user;
}
