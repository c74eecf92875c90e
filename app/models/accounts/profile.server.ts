import { type Prisma } from "@prisma/client";
import bcrypt from "bcryptjs";

import { DEFAULT_LANG, type Lang } from "~/i18n/languages";
import { enqueueMail } from "~/models/mail/index.server";
import type { ProfileInput } from "~/schemas/user";
import { prisma } from "~/models/platform/index.server";

import { isUniqueViolation, notFound, ServiceError } from "~/models/platform/index.server";
import { hashLinkToken, newLinkToken, voidEmailChangeTokens } from "./link-token.server";
import { voidResetTokens } from "./password-reset.server";
import { authLimiter, limitAuthAttempt, type Limiter } from "./rate-limit.server";
import { hashPassword, type AccountUser } from "./user.server";

/*
 * A signed-in shopper's own name, e-mail and password (issue 27 items 2–4).
 * A cookie alone changes only the name: a stolen or shared session (a
 * cyber-café computer) must not turn into a permanent takeover. A new
 * password or e-mail needs the current password, checked under the sign-in
 * limit. A new e-mail takes effect only when the link mailed to it is
 * opened, and the old address is told. Every change of password or e-mail
 * kills the unused reset links; every change of password also kills a
 * pending e-mail change (issue 40 item 3).
 */

export const CURRENT_PASSWORD_NEEDED = "Enter your current password to change your password or email";
export const CURRENT_PASSWORD_WRONG = "Your current password is not right";
export const EMAIL_IN_USE = "Email is already in use";
export const EMAIL_CHANGE_SENT = "We have sent a link to your new email address. Your email changes when you open it.";
export const EMAIL_LINK_INVALID = "This link is invalid, used or expired. Please change your email again from your profile.";
export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;

const accountSelect = { id: true, name: true, email: true, isAdmin: true, sessionVersion: true } as const;

/** What a save did: the account as it is now, and the address waiting for its link, if one was asked for. */
export type ProfileChange = { account: AccountUser; pendingEmail: string | null };

type Options = { ip?: string; lang?: Lang; limiter?: Limiter; now?: Date };

/** The current password, checked like a sign-in: wrong answers count per IP and per account. */
async function checkCurrentPassword(user: { email: string; passwordHash: string }, given: string | undefined, o: Options) {
  if (!given) throw new ServiceError(400, CURRENT_PASSWORD_NEEDED, { currentPassword: [CURRENT_PASSWORD_NEEDED] });
  await limitAuthAttempt(
    { ip: o.ip, email: user.email },
    async () => {
      if (!(await bcrypt.compare(given, user.passwordHash))) {
        throw new ServiceError(400, CURRENT_PASSWORD_WRONG, { currentPassword: [CURRENT_PASSWORD_WRONG] });
      }
    },
    o.limiter,
  );
}

/**
 * "Already in use" tells whether an address has an account, so it is
 * answered under the same limit as registration's "User already exists".
 */
async function checkEmailFree(email: string, o: Options) {
  await limitAuthAttempt(
    { ip: o.ip, email },
    async () => {
      if (await prisma.user.count({ where: { email } })) throw new ServiceError(400, EMAIL_IN_USE, { email: [EMAIL_IN_USE] });
    },
    o.limiter,
  );
}

export async function updateProfile(userId: number, input: ProfileInput, o: Options = {}): Promise<ProfileChange> {
  const now = o.now ?? new Date();
  const limiter = o.limiter ?? authLimiter;
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { ...accountSelect, passwordHash: true } });
  if (!user) throw notFound("User");
  const newEmail = input.email !== undefined && input.email !== user.email ? input.email.trim().toLowerCase() : null;
  if (input.password !== undefined || newEmail) await checkCurrentPassword(user, input.currentPassword, { ...o, limiter });
  if (newEmail) await checkEmailFree(newEmail, { ...o, limiter });

  const data: Prisma.UserUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.password !== undefined) {
    data.passwordHash = await hashPassword(input.password);
    // Every other sign-in ends; the caller moves this one to the new version.
    data.sessionVersion = { increment: 1 };
  }
  const account = await prisma.$transaction(async (tx) => {
    const updated = await tx.user.update({ where: { id: userId }, data, select: accountSelect });
    if (input.password !== undefined || newEmail) await voidResetTokens(tx, userId, now);
    // A new password stops a pending change (the notice says so); a new address replaces it: one pending address at a time.
    if (input.password !== undefined || newEmail) await voidEmailChangeTokens(tx, userId, now);
    if (newEmail) {
      const { nonce, tokenHash } = newLinkToken("email-change");
      const row = await tx.emailChangeToken.create({
        data: { userId, newEmail, tokenHash, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS) },
        select: { id: true },
      });
      const lang = o.lang ?? DEFAULT_LANG;
      await enqueueMail(tx, { key: `email-change:${row.id}`, to: newEmail, template: "email-change", data: { name: updated.name, nonce, newEmail, lang } });
      await enqueueMail(tx, {
        key: `email-change-notice:${row.id}`,
        to: user.email,
        template: "email-change-notice",
        data: { name: updated.name, newEmail, lang },
      });
    }
    return updated;
  });
  return { account, pendingEmail: newEmail };
}

/** The address a link would move its account to, while the link is good (the confirm page's GET). */
export async function pendingEmailFor(token: string, now = new Date()): Promise<string | null> {
  const row = await prisma.emailChangeToken.findUnique({ where: { tokenHash: hashLinkToken(token) } });
  return row && !row.usedAt && row.expiresAt > now ? row.newEmail : null;
}

/**
 * Opens a mailed link: the account takes the new address, once. 400 for a
 * bad, used or expired link, or an address someone registered meanwhile.
 */
export async function confirmEmailChange(token: string, now = new Date()): Promise<AccountUser> {
  try {
    const account = await prisma.$transaction(async (tx) => {
      const tokenHash = hashLinkToken(token);
      const claimed = await tx.emailChangeToken.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
      if (claimed.count !== 1) return null;
      const { userId, newEmail } = await tx.emailChangeToken.findUniqueOrThrow({ where: { tokenHash } });
      await voidResetTokens(tx, userId, now);
      return tx.user.update({ where: { id: userId }, data: { email: newEmail }, select: accountSelect });
    });
    if (!account) throw new ServiceError(400, EMAIL_LINK_INVALID);
    return account;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, EMAIL_IN_USE);
    throw error;
  }
}
