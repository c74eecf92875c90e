// Which database a request's catalogue reads go to, when read replicas are
// configured (app/models/platform/db-replicas.server.ts does the routing; this file
// only decides, per request). See docs/decisions/043-read-replicas.md.
import { AsyncLocalStorage } from "node:async_hooks";

import { isBackOffice } from "./public-pages.js";

/** Set on the answer to any write; while the browser sends it back, that user reads from the primary. */
export const READ_YOUR_WRITES_COOKIE = "__ryw";
/**
 * Seconds the mark lasts. A replica over DATABASE_REPLICA_MAX_LAG_SECONDS
 * behind is not read at all, so a user who reads past this has their write on
 * every replica still in use, unless the limit is raised above it.
 */
const READ_YOUR_WRITES_SECONDS = Math.max(15, Number(process.env.DATABASE_REPLICA_MAX_LAG_SECONDS || 10) + 5);

// Shared with the app bundle through a registered symbol (it cannot import this file).
const KEY = Symbol.for("tanabana.primary-reads");
const holder = /** @type {typeof globalThis & { [KEY]?: AsyncLocalStorage<boolean> }} */ (globalThis);
const primaryReads = (holder[KEY] ??= new AsyncLocalStorage());

/** @param {string | undefined} cookieHeader */
export function hasReadYourWritesMark(cookieHeader) {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${READ_YOUR_WRITES_COOKIE}=`));
}

/**
 * Runs the request's work with its reads on the primary or not:
 * - a write (anything but GET and HEAD): its own reads must see the database
 *   it writes to, and its answer marks the user for the next few seconds;
 * - the back office (admins read what they are about to change);
 * - a user marked by a recent write.
 * Without replicas (DATABASE_REPLICA_URL unset) everything is the primary
 * already, and no mark is set.
 * @param {{ replicas?: boolean, secure?: boolean }} [options]
 */
export function createReadRouting({ replicas = Boolean(process.env.DATABASE_REPLICA_URL), secure = false } = {}) {
  const mark = `${READ_YOUR_WRITES_COOKIE}=1; Max-Age=${READ_YOUR_WRITES_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  /**
   * @template T
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {() => T} fn
   * @returns {T}
   */
  return function routeReads(req, res, fn) {
    if (!replicas) return fn();
    const write = req.method !== "GET" && req.method !== "HEAD";
    if (write) res.append("Set-Cookie", mark);
    const primary = write || isBackOffice(req.path) || hasReadYourWritesMark(req.headers.cookie);
    return primaryReads.run(primary, fn);
  };
}
