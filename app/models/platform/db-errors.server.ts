/**
 * Recognises "the database is unreachable, crashed, frozen or overloaded" in
 * whatever shape it reaches us (pg errors, the Prisma adapter's
 * DriverAdapterError, Prisma's own P1xxx/P2024/P2028), so that every such
 * failure is answered alike: 503 with a short message and Retry-After, never a
 * 500 or a hung request. Bad input never lands here.
 */

export const DATABASE_UNAVAILABLE = "The shop is temporarily unavailable, please try again in a moment";

/** Prisma: cannot reach, timed out, connection closed, pool timeout, transaction could not start or went stale. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
/** The Prisma pg adapter's kinds for socket failures. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/**
 * SQLSTATE: connection exceptions (08…), server shutting down or starting
 * (57P01–57P03), statement timeout (57014), out of resources (53…).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|57014|53[0-9A-Z]{3})$/;
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  // A request that waited for another's read until its own deadline (db-pool.server.ts).
  /^the request's deadline passed while/,
  // pg's own connect timeout (DB_LIMITS.newConnectionMs): the server never accepted the connection.
  /^timeout expired$/,
  /Query read timeout/i,
  /is not queryable/i,
  /Client was closed/i,
  /Can't reach database server/i,
  /terminating connection due to/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
  /canceling statement due to statement timeout/i,
  /Unable to start a transaction in the given time/i,
  /\b(ECONNREFUSED|ECONNRESET|EPIPE)\b/,
  // PgBouncer's own refusals, when the server behind it is down or full (issue 31 #2). Prisma passes a
  // PostgreSQL-kind error it has no code for as a bare message, so the words are all that is left.
  /server login has been failing|server_login_retry/i,
  /pgbouncer cannot connect to server/i,
  /no more connections allowed|max_client_conn/i,
  /query_wait_timeout|client_login_timeout|server_connect_timeout/i,
  /server conn crashed\?/i,
  /database "[^"]*" is (paused|disabled)|database shutting down/i,
  // A raw query's failure, as Prisma words it: the SQLSTATE is in the text.
  /Code: `(08[0-9A-Z]{3}|57P0[123]|53[0-9A-Z]{3})`/,
];

function matches(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const v = value as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown };
  for (const code of [v.code, v.originalCode]) {
    if (typeof code !== "string") continue;
    if (PRISMA_CODES.has(code) || SQLSTATE.test(code) || SOCKET_CODES.has(code)) return true;
  }
  if (typeof v.kind === "string" && ADAPTER_KINDS.has(v.kind)) return true;
  return typeof v.message === "string" && MESSAGES.some((m) => m.test(v.message as string));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  // Errors arrive wrapped (Prisma error → DriverAdapterError → pg error); a few levels suffice.
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    if (matches(current)) return true;
    const next = current as { cause?: unknown; meta?: { driverAdapterError?: unknown } };
    // A raw query's Prisma error keeps the adapter's error in meta.driverAdapterError.
    current = next.cause ?? next.meta?.driverAdapterError ?? next.meta;
  }
  return false;
}

/** Seconds a client is asked to wait after a 503: the pool reconnects by itself within them. */
export const OUTAGE_RETRY_AFTER = "5";

/** The 503 for an outage: JSON `{message}` for the API, text for a page's error boundary. Retry in a few seconds: the pool reconnects by itself. */
export function outageResponse(api: boolean): Response {
  const headers = { "Retry-After": OUTAGE_RETRY_AFTER, "Cache-Control": "no-store" };
  return api
    ? Response.json({ message: DATABASE_UNAVAILABLE }, { status: 503, headers })
    : new Response(DATABASE_UNAVAILABLE, { status: 503, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/** PostgreSQL's disk_full, or a file system's own words for it (the server's "could not extend file …"). */
const DISK_FULL = /No space left on device|could not extend file|disk full/i;

/**
 * The database's disk is full (SQLSTATE 53100, issue 31 #4): reads still work,
 * writes that need space fail. Recognised anywhere in the error's chain, as
 * isDatabaseUnavailable does. Returns the server's words, or null.
 */
export function diskFullCause(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    const v = current as { code?: unknown; originalCode?: unknown; message?: unknown; originalMessage?: unknown };
    const words = [v.originalMessage, v.message].find((m): m is string => typeof m === "string" && DISK_FULL.test(m));
    if (words)
      return words
        .split("\n")
        .find((line) => DISK_FULL.test(line))!
        .trim();
    if (v.code === "53100" || v.originalCode === "53100") return typeof v.message === "string" ? v.message : "disk full (53100)";
    const next = current as { cause?: unknown; meta?: { driverAdapterError?: unknown } };
    current = next.cause ?? next.meta?.driverAdapterError ?? next.meta;
  }
  return null;
}
