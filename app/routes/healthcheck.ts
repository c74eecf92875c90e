import { describeMailHealth } from "~/models/mail/mail-health.server";
import { mailWorkerStatus } from "~/models/mail/worker.server";
import { prisma, replicaHealth } from "~/models/platform/db.server";

/** A frozen database never answers: a load balancer must hear "unavailable" well within its own timeout. */
const HEALTH_TIMEOUT_MS = 1_500;

function timeout(ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * The reason in one line. Prisma's message starts with an empty line and
 * "Invalid `prisma.$queryRaw()` invocation:"; the driver's own words come last.
 */
export function outageReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split("\n").map((line) => line.trim()).filter((line) => line && !/^Invalid `prisma/.test(line));
  return lines.at(-1) || (error instanceof Error ? error.name : "unknown error");
}

/** A replica's state in words safe to show anyone: lag and role as they are, any failure as "unreachable". */
function publicReason(reason: string): string {
  return /^[\d.]+ s behind$|^not a standby \(promoted\?\)$|^not checked yet$/.test(reason) ? reason : "unreachable";
}

function mailWorkerOnly() {
  const worker = mailWorkerStatus();
  return { ok: true, workerHere: process.env.MAIL_WORKER !== "off", worker, oldestUnsentSeconds: null, unsent: 0, failed: 0, stuck: false, stuckMinutes: 0 };
}

/** When the current outage began, as this instance's health check saw it: one log line when it begins, one when it ends. */
let outageSince: number | null = null;

// 200 only once the database answers a query: load balancers route on this.
/** What this instance knows without a query: its replicas and its mail worker (on the 200 and the 503 alike). */
function stateHeaders(headers: Headers) {
  // Read replicas are not this instance's health (reads fall back to the primary), but operators want to see
  // them, and with the primary down they are what still serves the catalogue. The endpoint is public: states
  // only, no addresses or driver messages (those are in the log).
  const replicas = replicaHealth();
  if (replicas.length > 0) {
    const states = replicas.map(
      (r, i) =>
        `replica ${i + 1} ${r.healthy ? `in use${r.reason.startsWith("primary unreachable") ? " (primary unreachable)" : ""}, lag ${(r.lag ?? 0).toFixed(1)} s` : `skipped: ${publicReason(r.reason)}`}`,
    );
    headers.set("X-Read-Replicas", states.join("; "));
  }
  // This instance's mail worker, from memory: the queue's own state is on /healthcheck/mail.
  headers.set("X-Mail-Worker", describeMailHealth(mailWorkerOnly()).worker);
  return headers;
}

export async function loader() {
  const limit = timeout(HEALTH_TIMEOUT_MS);
  try {
    await Promise.race([prisma.$queryRaw`SELECT 1`, limit.promise]);
    if (outageSince !== null) {
      console.error(`healthcheck: database available again after ${Math.round((Date.now() - outageSince) / 1000)} s`);
      outageSince = null;
    }
    return new Response("OK", { headers: stateHeaders(new Headers({ "Cache-Control": "no-store", "Content-Type": "text/plain" })) });
  } catch (error) {
    if (outageSince === null) {
      outageSince = Date.now();
      console.error(`healthcheck: database unavailable (${outageReason(error)})`);
    }
    return new Response("Database unavailable", { status: 503, headers: stateHeaders(new Headers({ "Cache-Control": "no-store", "Retry-After": "5" })) });
  } finally {
    limit.cancel();
  }
}
