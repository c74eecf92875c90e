import { describe, expect, it } from "vitest";

import { mailedLinkToken } from "../../../tests/support/mailed-link.fixtures";
import { prisma } from "~/models/platform/index.server";
import { env } from "~/models/platform/index.server";

import { getUserFromSession, signInSession, verifyCredentials } from "./auth.server";
import { isResetTokenUsable, requestPasswordReset } from "./password-reset.server";
import { confirmEmailChange, CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG, EMAIL_IN_USE, updateProfile } from "./profile.server";
import { createFailureLimiter } from "./rate-limit.server";
import { sessionStorage } from "./session.server";
import { registerUser } from "./user.server";

// Issue 27 items 2–4 and 6: what a cookie alone can change, reset links after
// a change, the "already in use" answer under the limit, the absolute end.

let n = 0;
const unique = () => `p${Date.now().toString(36)}${n++}@example.com`;
const PASSWORD = "cotton-kurta-77";
const register = () => registerUser({ name: "Rahim Uddin", email: unique(), password: PASSWORD });
const opts = () => ({ ip: `prof-${n++}`, limiter: createFailureLimiter() });

describe("profile changes", () => {
  it("changes the name with the cookie alone, without touching other sessions", async () => {
    const user = await register();
    const { account, pendingEmail } = await updateProfile(user.id, { name: "Karim" }, opts());
    expect(account).toMatchObject({ name: "Karim", email: user.email, sessionVersion: 0 });
    expect(pendingEmail).toBeNull();
  });

  it("a new password needs the current one; a wrong one is refused under the sign-in limit", async () => {
    const user = await register();
    await expect(updateProfile(user.id, { password: "new-password-1" }, opts())).rejects.toMatchObject({
      status: 400,
      errors: { currentPassword: [CURRENT_PASSWORD_NEEDED] },
    });
    const limiter = createFailureLimiter({ limit: 2 });
    const o = { ip: `wrong-${n++}`, limiter };
    for (let i = 0; i < 2; i++) {
      await expect(updateProfile(user.id, { password: "new-password-1", currentPassword: "not-it-at-all" }, o)).rejects.toMatchObject({
        status: 400,
        errors: { currentPassword: [CURRENT_PASSWORD_WRONG] },
      });
    }
    await expect(updateProfile(user.id, { password: "new-password-1", currentPassword: PASSWORD }, o)).rejects.toMatchObject({ status: 429 });
    await expect(verifyCredentials(user.email, PASSWORD)).resolves.toMatchObject({ id: user.id });
  });

  it("a new password with the current one bumps the session version and kills unused reset links", async () => {
    const user = await register();
    await requestPasswordReset({ email: user.email, ip: `r-${n++}` }, { limiter: createFailureLimiter(), mailLimiter: createFailureLimiter() });
    const token = await mailedLinkToken(user.email, "password-reset");
    expect(await isResetTokenUsable(token)).toBe(true);
    const old = await sessionStorage.getSession();
    signInSession(old, user);

    const { account } = await updateProfile(user.id, { password: "new-password-1", currentPassword: PASSWORD }, opts());
    expect(account.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await getUserFromSession(old)).toBeNull();
    expect(await isResetTokenUsable(token)).toBe(false);
    await expect(verifyCredentials(user.email, "new-password-1")).resolves.toMatchObject({ id: user.id });
  });

  it("a new e-mail changes nothing until its mailed link is opened; the old address is told; reset links die", async () => {
    const user = await register();
    await requestPasswordReset({ email: user.email, ip: `r-${n++}` }, { limiter: createFailureLimiter(), mailLimiter: createFailureLimiter() });
    const resetToken = await mailedLinkToken(user.email, "password-reset");
    const fresh = unique();
    await expect(updateProfile(user.id, { email: fresh }, opts())).rejects.toMatchObject({
      status: 400,
      errors: { currentPassword: [CURRENT_PASSWORD_NEEDED] },
    });

    const { account, pendingEmail } = await updateProfile(user.id, { email: fresh.toUpperCase(), currentPassword: PASSWORD }, { ...opts(), lang: "bn" });
    expect(pendingEmail).toBe(fresh);
    expect(account.email).toBe(user.email);
    expect(await isResetTokenUsable(resetToken)).toBe(false);
    const notice = await prisma.mailOutbox.findFirstOrThrow({ where: { to: user.email, template: "email-change-notice" } });
    expect(notice.data).toMatchObject({ newEmail: fresh, lang: "bn" });
    const token = await mailedLinkToken(fresh, "email-change");
    expect(JSON.stringify(await prisma.emailChangeToken.findMany({ where: { userId: user.id } }))).not.toContain(token);

    await expect(confirmEmailChange(token)).resolves.toMatchObject({ id: user.id, email: fresh });
    await expect(verifyCredentials(fresh, PASSWORD)).resolves.toMatchObject({ id: user.id });
    await expect(confirmEmailChange(token)).rejects.toMatchObject({ status: 400 });
  });

  it("a new password kills a pending e-mail change: the intruder's link no longer moves the account (issue 40 item 3)", async () => {
    const user = await register();
    const intruder = unique();
    await updateProfile(user.id, { email: intruder, currentPassword: PASSWORD }, opts());
    const token = await mailedLinkToken(intruder, "email-change");
    await updateProfile(user.id, { password: "owner-new-pass-1", currentPassword: PASSWORD }, opts());
    await expect(confirmEmailChange(token)).rejects.toMatchObject({ status: 400 });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    // A new address asked for together with the new password is the owner's own: its link works.
    const own = unique();
    await updateProfile(user.id, { email: own, password: "owner-new-pass-2", currentPassword: "owner-new-pass-1" }, opts());
    await expect(confirmEmailChange(await mailedLinkToken(own, "email-change"))).resolves.toMatchObject({ id: user.id, email: own });
  });

  it("'already in use' is answered under the same limit as registration", async () => {
    const [a, b] = [await register(), await register()];
    const limiter = createFailureLimiter({ limit: 2 });
    const o = { ip: `enum-${n++}`, limiter };
    for (let i = 0; i < 2; i++) {
      await expect(updateProfile(a.id, { email: b.email, currentPassword: PASSWORD }, o)).rejects.toMatchObject({
        status: 400,
        errors: { email: [EMAIL_IN_USE] },
      });
    }
    await expect(updateProfile(a.id, { email: b.email, currentPassword: PASSWORD }, o)).rejects.toMatchObject({ status: 429 });
  });
});

describe("session lifetime", () => {
  it("renewing a sign-in never takes it past 30 days from signing in", async () => {
    const user = await register();
    const day = 24 * 60 * 60 * 1000;
    const start = Date.now() - 29 * day;
    const session = await sessionStorage.getSession();
    signInSession(session, user, { now: start });
    // A profile save a day before the end renews the idle expiry, but not past the absolute one.
    signInSession(session, user, { renew: true, now: Date.now() });
    expect(session.get("signedInAt")).toBe(start);
    expect(session.get("expiresAt")).toBe(start + env.SIGN_IN_MAX_AGE_SECONDS * 1000);
    expect(await getUserFromSession(session)).toMatchObject({ id: user.id });

    // A session whose sign-in is older than the absolute lifetime is signed out, whatever its expiresAt says.
    session.set("signedInAt", Date.now() - 31 * day);
    session.set("expiresAt", Date.now() + day);
    expect(await getUserFromSession(session)).toBeNull();

    // Signing in again (a password typed) starts a new lifetime.
    signInSession(session, user);
    expect(await getUserFromSession(session)).toMatchObject({ id: user.id });
  });
});
