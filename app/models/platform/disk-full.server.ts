import { AsyncLocalStorage } from "node:async_hooks";

import { diskFullCause } from "./db-errors.server";

// Issue 40 #9: with the database's disk full, reads go on and every write
// fails with 53100. The route guards answer that as any database failure (a
// 503 with Retry-After), but nothing else saw it: /healthcheck's SELECT 1
// passes, and nothing was logged. So each refused write is logged with its
// cause, and the health checks report the full disk until a write succeeds or
// a while has passed without a refusal (decision 080).

/** How long after the last refused write the health checks still report a full disk, when no write has succeeded since. */
export const DISK_FULL_REPORT_MS = 60_000;

let lastRefusal: number | null = null;

/** The request a loader or action serves ("POST /api/orders"), for the log line: set by the route guards. */
const requests = new AsyncLocalStorage<string>();

/** Runs a route's loader or action with its request named for noteDatabaseFailure. */
export function withRequestNamed<T>(request: Request, fn: () => T): T {
  return requests.run(`${request.method} ${new URL(request.url).pathname}`, fn);
}

/**
 * Called for every database failure a request is answered 503 for: a full
 * disk is logged, every time (each is a shopper's order or a staff member's
 * edit that was lost), and remembered for the health checks. `what` names the
 * request ("POST /api/orders") when the caller knows it.
 */
export function noteDatabaseFailure(error: unknown, what = requests.getStore() ?? "a write"): void {
  const cause = diskFullCause(error);
  if (!cause) return;
  lastRefusal = Date.now();
  console.error(`database disk full: ${what} was refused (${cause})`);
}

/** A write went through (an action answered 2xx or 3xx): there is room again. */
export function noteWriteSucceeded(): void {
  lastRefusal = null;
}

/** Seconds since the last write refused for a full disk, while the health checks report it; null otherwise. */
export function diskFullSince(now = Date.now()): number | null {
  if (lastRefusal === null || now - lastRefusal > DISK_FULL_REPORT_MS) return null;
  return Math.round((now - lastRefusal) / 1000);
}
