import { redirect } from "@remix-run/node";

import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { jsonError } from "~/utils/http.server";

import { getSession, type Session } from "./session.server";

export type SessionUser = { id: number; name: string; email: string; isAdmin: boolean };

const userSelect = { id: true, name: true, email: true, isAdmin: true, sessionVersion: true } as const;

/**
 * The signed-in user, re-read from the database on every request so that a
 * deleted user, a demoted admin or a password change takes effect at once.
 * An expired or outdated sign-in counts as signed out.
 */
export async function getUserFromSession(session: Session): Promise<SessionUser | null> {
  const userId = session.get("userId");
  if (!userId) return null;
  const expiresAt = session.get("expiresAt") ?? 0;
  if (expiresAt <= Date.now()) return null;
  const user = await prisma.user.findUnique({ where: { id: userId }, select: userSelect });
  if (!user || user.sessionVersion !== (session.get("sessionVersion") ?? 0)) return null;
  return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

export async function getUser(request: Request) {
  return getUserFromSession(await getSession(request));
}

/** Puts a (new or renewed) sign-in into the session: 30 days from now. */
export function signInSession(session: Session, user: { id: number; sessionVersion: number }) {
  session.set("userId", user.id);
  session.set("sessionVersion", user.sessionVersion);
  session.set("expiresAt", Date.now() + env.SIGN_IN_TTL_SECONDS * 1000);
}

export function signOutSession(session: Session) {
  session.unset("userId");
  session.unset("sessionVersion");
  session.unset("expiresAt");
}

function loginUrl(request: Request) {
  const url = new URL(request.url);
  return `/login?${new URLSearchParams({ redirect: url.pathname + url.search })}`;
}

/** Page guard: guests go to /login?redirect=<this page>. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw redirect(loginUrl(request));
  return user;
}

/** Page guard: guests go to /login?redirect=…, signed-in non-admins to /login (as the spec says). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/login");
  return user;
}

/** API guard: 401 JSON, never a redirect. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw jsonError(401, "Not authorized, please sign in");
  return user;
}

/** API guard: 401 for guests, 403 for signed-in non-admins. */
export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw jsonError(403, "Not authorized as an admin");
  return user;
}
