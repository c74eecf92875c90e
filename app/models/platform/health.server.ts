import { catalogueDb, prisma, replicaHealth } from "~/models/platform/db.server";
import { OUTAGE_RETRY_AFTER } from "~/models/platform/db-errors.server";
import { diskFullSince } from "~/models/platform/disk-full.server";

// The instance's health checks (docs/deploy.md, "What to watch"; decision 074):
// /healthcheck says whether the primary answers (orders, sign-in, the back
// office); /healthcheck/reads whether this instance can serve the catalogue,
// from the primary or from a current replica. Load balancers in front of a
// shop with replicas probe the second: with the primary down an instance still
// serves every catalogue page, and its orders answer a clean 503 themselves.

/** A frozen database never answers: a load balancer must hear "unavailable" well within its own timeout (Varnish's: 2 s). */
const HEALTH_TIMEOUT_MS = 1_500;

/** Resolves when `query` answers within HEALTH_TIMEOUT_MS, else rejects with why. */
async function answersInTime(query: Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The reason in one line. Prisma's message starts with an empty line and
 * "Invalid `prisma.$queryRaw()` invocation:"; the driver's own words come last.
 */
export function outageReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^Invalid `prisma/.test(line));
  return lines.at(-1) || (error instanceof Error ? error.name : "unknown error");
}

/** A replica's state in words safe to show anyone: lag and role as they are, any failure as "unreachable". */
function publicReason(reason: string): string {
  return /^[\d.]+ s behind$|^not a standby \(promoted\?\)$|^not checked yet$/.test(reason) ? reason : "unreachable";
}

const primaryUnreachable = (reason: string) => reason.startsWith("primary unreachable");

/**
 * What other domains say about this instance from memory, as headers (its mail worker): platform is the
 * bottom layer and imports no domain, so the door that asks (app/web/health.server.ts) passes them in.
 */
export type InstanceState = () => Record<string, string>;

/** What this instance knows without a query: its replicas and what `more` says (on the 200 and the 503 alike). */
function stateHeaders(headers: Headers, more: InstanceState) {
  // Read replicas are not the primary's health (reads fall back to the primary), but operators want to see
  // them, and with the primary down they are what still serves the catalogue. The endpoint is public: states
  // only, no addresses or driver messages (those are in the log).
  const replicas = replicaHealth();
  if (replicas.length > 0) {
    const states = replicas.map(
      (r, i) =>
        `replica ${i + 1} ${r.healthy ? `in use${primaryUnreachable(r.reason) ? " (primary unreachable)" : ""}, lag ${(r.lag ?? 0).toFixed(1)} s` : `skipped: ${publicReason(r.reason)}`}`,
    );
    headers.set("X-Read-Replicas", states.join("; "));
  }
  for (const [name, value] of Object.entries(more())) headers.set(name, value);
  return headers;
}

/** One log line when a check starts failing, with the reason, and one when it passes again: not one per probe. */
function outageLog(check: string, what: string) {
  let since: number | null = null;
  return {
    passed() {
      if (since === null) return;
      console.error(`${check}: ${what} available again after ${Math.round((Date.now() - since) / 1000)} s`);
      since = null;
    },
    failed(error: unknown) {
      if (since !== null) return;
      since = Date.now();
      console.error(`${check}: ${what} unavailable (${outageReason(error)})`);
    },
  };
}

const text = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };
const primaryLog = outageLog("healthcheck", "database");
const readsLog = outageLog("healthcheck/reads", "catalogue reads");

/**
 * A full disk, in words safe to show anyone (the cause, with the server's file paths, is in the log):
 * the primary answers, but it refused a write in the last minute and none has gone through since.
 */
function diskFullWords(): string | null {
  const since = diskFullSince();
  return since === null ? null : `Database disk full: orders and other writes are refused (the last ${since} s ago)`;
}

/**
 * /healthcheck: 200 once the primary answers a query and takes writes (orders
 * can be taken), else 503: unreachable or frozen, or its disk full (decision 080).
 */
export async function primaryHealth(more: InstanceState): Promise<Response> {
  const unavailable = (body: string) =>
    new Response(body, { status: 503, headers: stateHeaders(new Headers({ ...text, "Retry-After": OUTAGE_RETRY_AFTER }), more) });
  try {
    await answersInTime(prisma.$queryRaw`SELECT 1`);
  } catch (error) {
    primaryLog.failed(error);
    return unavailable("Database unavailable");
  }
  const diskFull = diskFullWords();
  if (diskFull) {
    primaryLog.failed(new Error("database disk full, writes refused"));
    return unavailable(diskFull);
  }
  primaryLog.passed();
  return new Response("OK", { headers: stateHeaders(new Headers(text), more) });
}

/**
 * /healthcheck/reads: 200 while this instance can serve the catalogue, asked
 * the way a catalogue page asks (catalogueDb: a replica in use, else the
 * primary). Without replicas it is /healthcheck. The body says when it serves
 * reads only.
 */
export async function readsHealth(more: InstanceState): Promise<Response> {
  try {
    await answersInTime(catalogueDb.$queryRaw`SELECT 1`);
    readsLog.passed();
    const readsOnly = replicaHealth().some((r) => r.healthy && primaryUnreachable(r.reason));
    // A full disk stops writes, not reads: the catalogue is served, and a balancer keeps this instance.
    const body = readsOnly
      ? "Reads only: the primary is unreachable; orders and sign-in answer 503"
      : diskFullSince() !== null
        ? "Reads only: the database disk is full; orders answer 503"
        : "OK";
    return new Response(body, { headers: stateHeaders(new Headers(text), more) });
  } catch (error) {
    readsLog.failed(error);
    return new Response("Database unavailable", { status: 503, headers: stateHeaders(new Headers({ ...text, "Retry-After": OUTAGE_RETRY_AFTER }), more) });
  }
}
