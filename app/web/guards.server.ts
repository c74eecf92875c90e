import { redirect } from "@remix-run/node";

import { langFromPath, localePath } from "~/i18n/languages";
import { getUser, type SessionUser } from "~/models/accounts/auth.server";
import { ServiceError } from "~/models/platform/errors.server";
import { requirePermission, type Permission } from "~/models/platform/permissions";

import { API_DOORS, type ApiPattern } from "./api-doors";

import { jsonError } from "./http.server";

/*
 * The doors' guards: who may open a page or call the API is checked here, in
 * the web layer, and answered the way the door speaks (a redirect to sign in
 * for a page, 401/403 JSON for the API). What a signed-in user may then do to
 * an order, a review or a product is the service's to decide.
 */

export function loginUrl(request: Request) {
  const url = new URL(request.url);
  return `${localePath(langFromPath(url.pathname), "/login")}?${new URLSearchParams({ redirect: url.pathname + url.search })}`;
}

/** Page guard: guests go to /login?redirect=<this page> (/bn/login from a Bangla page). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw redirect(loginUrl(request));
  return user;
}

/** Page guard: guests go to /login?redirect=…, signed-in non-admins to /login (as the spec says). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect(localePath(langFromPath(new URL(request.url).pathname), "/login"));
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

/**
 * API door: the signed-in user (or null) once the permission map allows them,
 * asked before the body is read so a refusal never depends on what was sent
 * (decision 097). The service checks the same permission again; this only
 * makes the refusal early. 401/403 with the contract's words otherwise.
 */
export async function apiActor(request: Request, permission: Permission): Promise<SessionUser> {
  const user = await getUser(request);
  requirePermission(user, permission);
  return user as SessionUser;
}

/**
 * API door by its pattern: looks up `API_DOORS["<METHOD> <pattern>"]` and asks
 * the map as `apiActor` does, so a route names where it stands, never a rule.
 * The user (or null at a public door) goes on to the service, which checks.
 */
export async function apiDoor(request: Request, pattern: ApiPattern): Promise<SessionUser | null> {
  const permission = (API_DOORS as Record<string, Permission | "public">)[`${request.method} ${pattern}`];
  if (!permission) throw jsonError(405, "Method not allowed");
  if (permission === "public") return getUser(request);
  return apiActor(request, permission);
}

// ---- pages ------------------------------------------------------------------

type Replyable<R> = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): R;
};

/**
 * Turns a ServiceError into a conform reply with the error's status: field
 * errors next to their fields, anything else as the form's alert. Passwords
 * never travel back to the page.
 */
export function replyWithError<R>(submission: Replyable<R>, error: unknown, hideFields: string[] = []) {
  if (!(error instanceof ServiceError)) throw error;
  const result = error.errors ? submission.reply({ fieldErrors: error.errors, hideFields }) : submission.reply({ formErrors: [error.message], hideFields });
  return { result, status: error.status };
}
