import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { destroySessionCookie, getUserFromSession, signInSession } from "./auth.server";
import { commitSession, sessionStorage } from "./session.server";
import { registerUser } from "./user.server";

let n = 0;
const register = () => registerUser({ name: "Rahim Uddin", email: `rev${Date.now().toString(36)}${n++}@example.com`, password: "cotton-kurta-77" });

async function signedIn(user: { id: number; sessionVersion: number }) {
  const session = await sessionStorage.getSession();
  signInSession(session, user);
  return session;
}

async function logout(session: Awaited<ReturnType<typeof signedIn>>) {
  const cookie = (await commitSession(session)).split(";")[0]!;
  await destroySessionCookie(new Request("http://shop.test/logout", { method: "POST", headers: { Cookie: cookie } }));
}

describe("logout revokes the sign-in on the server", () => {
  it("a copy of the logged-out cookie is signed out; the same user's other sign-ins stay", async () => {
    const user = await register();
    const [phone, laptop] = [await signedIn(user), await signedIn(user)];
    expect(phone.get("sessionId")).not.toBe(laptop.get("sessionId"));

    await logout(phone);
    expect(await getUserFromSession(phone)).toBeNull();
    expect(await getUserFromSession(laptop)).toMatchObject({ id: user.id });
    // Logging out again (a replayed request) is harmless.
    await logout(phone);
  });

  it("renewing one's own sign-in keeps its id, so logout still ends it", async () => {
    const user = await register();
    const session = await signedIn(user);
    const id = session.get("sessionId");
    signInSession(session, user, { renew: true });
    expect(session.get("sessionId")).toBe(id);
  });

  it("a sign-in without a session id (issued before revocation existed) counts as signed out", async () => {
    const user = await register();
    const session = await signedIn(user);
    session.unset("sessionId");
    expect(await getUserFromSession(session)).toBeNull();
  });

  it("revocations are kept only until the sign-in would have expired", async () => {
    const user = await register();
    await prisma.revokedSession.create({ data: { id: "stale", userId: user.id, expiresAt: new Date(Date.now() - 1000) } });
    await logout(await signedIn(user));
    expect(await prisma.revokedSession.findMany({ where: { userId: user.id }, select: { id: true } })).toHaveLength(1);
  });
});
