import { describe, expect, it } from "vitest";

import { mailedLinkToken } from "../../../tests/support/mailed-link.fixtures";
import { prisma } from "~/models/platform/index.server";

import { verifyCredentials, getUserFromSession, signInSession } from "./auth.server";
import { hashResetToken, isResetTokenUsable, requestPasswordReset, resetPassword } from "./password-reset.server";
import { createFailureLimiter } from "./rate-limit.server";
import { sessionStorage } from "./session.server";
import { confirmEmailChange, updateProfile } from "./profile.server";
import { registerUser } from "./user.server";

let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;
const register = () => registerUser({ name: "Karima Begum", email: `reset${unique()}@example.com`, password: "cotton-kurta-77" });

/** The link the user would find in the queued e-mail, and the token in it. */
const tokenFromMail = (email: string) => mailedLinkToken(email, "password-reset");

const opts = () => ({ limiter: createFailureLimiter() });

describe("password reset", () => {
  it("queues a link whose token is stored only as its SHA-256, and works once", async () => {
    const user = await register();
    await requestPasswordReset({ email: user.email.toUpperCase(), ip: unique() }, opts());
    const token = await tokenFromMail(user.email);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await prisma.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    await resetPassword({ token, password: "new-password-1", ip: unique() }, opts());
    await expect(verifyCredentials(user.email, "new-password-1")).resolves.toMatchObject({ id: user.id });
    await expect(verifyCredentials(user.email, "cotton-kurta-77")).rejects.toMatchObject({ status: 401 });
    await expect(resetPassword({ token, password: "another-pass-2", ip: unique() }, opts())).rejects.toMatchObject({ status: 400 });
    await expect(verifyCredentials(user.email, "new-password-1")).resolves.toMatchObject({ id: user.id });
  });

  it("refuses an expired token", async () => {
    const user = await register();
    await requestPasswordReset({ email: user.email, ip: unique() }, opts());
    const token = await tokenFromMail(user.email);
    expect(await isResetTokenUsable(token)).toBe(true);
    await prisma.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await isResetTokenUsable(token)).toBe(false);
    await expect(resetPassword({ token, password: "new-password-1", ip: unique() }, opts())).rejects.toMatchObject({ status: 400 });
    await expect(verifyCredentials(user.email, "cotton-kurta-77")).resolves.toMatchObject({ id: user.id });
  });

  it("ends every other sign-in of the user", async () => {
    const user = await register();
    const laptop = await sessionStorage.getSession();
    signInSession(laptop, user);
    expect(await getUserFromSession(laptop)).toMatchObject({ id: user.id });
    await requestPasswordReset({ email: user.email, ip: unique() }, opts());
    const changed = await resetPassword({ token: await tokenFromMail(user.email), password: "new-password-1", ip: unique() }, opts());
    expect(await getUserFromSession(laptop)).toBeNull();
    const phone = await sessionStorage.getSession();
    signInSession(phone, changed);
    expect(await getUserFromSession(phone)).toMatchObject({ id: user.id });
  });

  it("kills a pending e-mail change: the intruder's link no longer moves the account (issue 40 item 3)", async () => {
    const user = await register();
    const intruder = `intruder${unique()}@example.com`;
    await updateProfile(user.id, { email: intruder, currentPassword: "cotton-kurta-77" }, { ip: unique(), limiter: createFailureLimiter() });
    const token = await mailedLinkToken(intruder, "email-change");
    await requestPasswordReset({ email: user.email, ip: unique() }, opts());
    await resetPassword({ token: await tokenFromMail(user.email), password: "owner-new-pass-1", ip: unique() }, opts());
    await expect(confirmEmailChange(token)).rejects.toMatchObject({ status: 400 });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    // So a reset asked for the intruder's address finds no account to send to.
    await requestPasswordReset({ email: intruder, ip: unique() }, opts());
    expect(await prisma.mailOutbox.count({ where: { to: intruder, template: "password-reset" } })).toBe(0);
  });

  it("answers an unknown e-mail the same way and stores nothing", async () => {
    const before = await Promise.all([prisma.passwordResetToken.count(), prisma.mailOutbox.count()]);
    await expect(requestPasswordReset({ email: `nobody${unique()}@example.com`, ip: unique() }, opts())).resolves.toBeUndefined();
    expect(await Promise.all([prisma.passwordResetToken.count(), prisma.mailOutbox.count()])).toEqual(before);
  });

  it("limits requests per e-mail with 429", async () => {
    const user = await register();
    const limiter = createFailureLimiter({ limit: 2 });
    for (let i = 0; i < 2; i++) await requestPasswordReset({ email: user.email, ip: unique() }, { limiter });
    await expect(requestPasswordReset({ email: user.email, ip: unique() }, { limiter })).rejects.toMatchObject({ status: 429 });
  });
});
