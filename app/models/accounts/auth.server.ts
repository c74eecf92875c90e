import { redirect, type AppLoadContext } from "@remix-run/node";
import bcrypt from "bcryptjs";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { loginSchema } from "~/schemas/user";
import { prisma } from "~/models/platform/index.server";
import { env } from "~/models/platform/index.server";

import { ServiceError } from "~/models/platform/index.server";
import { commitSession, getSession, sessionStorage, type Session } from "./session.server";
import { newSessionId, notRevokedSql, revokeSession } from "./session-revocation.server";
import { sessionUserThroughCache } from "./shopper-cache.server";
import type { AccountUser } from "./user.server";

export type SessionUser = { id: number; name: string; email: string; isAdmin: boolean };

const userSelect = { id: true, name: true, email: true, isAdmin: true, sessionVersion: true } as const;

/**
 * The signed-in user, re-read from the database on every request so that a
 * deleted user, a demoted admin or a password change takes effect at once.
 * An expired, outdated or logged-out sign-in counts as signed out; so does
 * one without a session id (issued before logout could revoke it).
 */
export async function getUserFromSession(session: Session, { throughCache = false } = {}): Promise<SessionUser | null> {
  const userId = session.get("userId");
  const sessionId = session.get("sessionId");
  if (!userId || !sessionId) return null;
  const expiresAt = session.get("expiresAt") ?? 0;
  if (expiresAt <= Date.now()) return null;
  // The absolute end: a session renewed over and over still ends 30 days after its sign-in.
  const signedInAt = session.get("signedInAt");
  if (signedInAt !== undefined && signedInAt + env.SIGN_IN_MAX_AGE_SECONDS * 1000 <= Date.now()) return null;
  const load = () => standingSignIn(userId, sessionId);
  // A cached page's holes (page-holes/shopper.server.ts) may read what the database last said (decision 076).
  const user = throughCache ? await sessionUserThroughCache(userId, sessionId, load) : await load();
  if (!user || user.sessionVersion !== (session.get("sessionVersion") ?? 0)) return null;
  return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

/** The user of a sign-in not logged out, with the version its cookie must carry. */
async function standingSignIn(userId: number, sessionId: string) {
  // One raw statement: every signed-in page makes this lookup, and Prisma's planned findUnique
  // cost 2–3× the CPU of the same SQL sent as it is (issue 29).
  const [user] = await prisma.$queryRaw<(SessionUser & { sessionVersion: number })[]>`
    SELECT u.id, u.name, u.email, u."isAdmin", u."sessionVersion" FROM "User" u
     WHERE u.id = ${userId} AND ${notRevokedSql(sessionId)}`;
  return user ?? null;
}

export async function getUser(request: Request) {
  return getUserFromSession(await getSession(request));
}

/**
 * Puts a (new or renewed) sign-in into the session: 30 days from now, but
 * never past 30 days from the sign-in it renews (`renew: true`, a profile
 * save). A cookie session has no id to rotate, so the sign-in fields are
 * rewritten; when the cookie belonged to another account (a shared computer,
 * or a planted cookie), that account's cart and checkout details go too, as
 * on sign-out. A guest's own cart carries over.
 */
export function signInSession(session: Session, user: { id: number; sessionVersion: number }, { renew = false, now = Date.now() } = {}) {
  const previous = session.get("userId");
  if (previous !== undefined && previous !== user.id) {
    for (const key of ["cart", "shipping", "paymentMethod"] as const) session.unset(key);
  }
  const sameSignIn = renew && previous === user.id && !!session.get("sessionId");
  // A new sign-in gets a new id; renewing one's own (a profile save) keeps it, so logout still ends it.
  if (!sameSignIn) session.set("sessionId", newSessionId());
  // A renewal keeps the moment of its sign-in (one issued before there was one counts from now).
  const signedInAt = sameSignIn ? (session.get("signedInAt") ?? now) : now;
  session.set("userId", user.id);
  session.set("sessionVersion", user.sessionVersion);
  session.set("signedInAt", signedInAt);
  session.set("expiresAt", Math.min(now + env.SIGN_IN_TTL_SECONDS * 1000, signedInAt + env.SIGN_IN_MAX_AGE_SECONDS * 1000));
}

/** After a sign-in or a new account (the login and register pages): the session signed in, then on to `to`. */
export async function signInAndRedirect(request: Request, user: { id: number; sessionVersion: number }, to: string) {
  const session = await getSession(request);
  signInSession(session, user);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

export function signOutSession(session: Session) {
  session.unset("signedInAt");
  session.unset("sessionId");
  session.unset("userId");
  session.unset("sessionVersion");
  session.unset("expiresAt");
}

/**
 * Set-Cookie value that ends the whole session: the sign-in and the cart with
 * it (spec: logout resets the cart). The sign-in is revoked on the server too,
 * so a copy of the cookie is refused everywhere.
 */
export async function destroySessionCookie(request: Request) {
  const session = await getSession(request);
  const [sessionId, userId, expiresAt] = [session.get("sessionId"), session.get("userId"), session.get("expiresAt")];
  if (sessionId && userId && expiresAt) await revokeSession({ sessionId, userId, expiresAt });
  return sessionStorage.destroySession(session);
}

// ---- credentials ------------------------------------------------------------

export const INVALID_CREDENTIALS = "Invalid email or password";

// A bcrypt hash (same cost as real ones) of a random secret nobody kept: an
// unknown e-mail still costs one full comparison, so the answer's timing does
// not tell which accounts exist.
const DUMMY_HASH = "$2b$10$qcyFMy9f/UhjyxgYTNNGbOXKetNaJ7S2tPM12XIrQSIN8vsHNBOXe";

/** The one credential check of pages and API: 401 "Invalid email or password" for any mismatch. */
export async function verifyCredentials(email: string, password: string): Promise<AccountUser> {
  const user = await prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { ...userSelect, passwordHash: true },
  });
  const matches = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !matches) throw new ServiceError(401, INVALID_CREDENTIALS);
  return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, sessionVersion: user.sessionVersion };
}

/**
 * remix-auth with the form strategy, used by the /login page. The page has
 * already validated the fields with conform; anything malformed that still
 * arrives here is just a failed sign-in.
 */
export const authenticator = new Authenticator<AccountUser>().use(
  new FormStrategy(async ({ form }) => {
    const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new ServiceError(401, INVALID_CREDENTIALS);
    return verifyCredentials(parsed.data.email, parsed.data.password);
  }),
  "form",
);

/** The caller's IP as Express resolved it (honours TRUST_PROXY); the rate-limit key. */
export function clientIp(context: AppLoadContext | undefined) {
  return context?.clientIp ?? "unknown";
}

/** The sign-in page in the language of the page that asked for it: /bn/profile sends a guest to /bn/login. */
