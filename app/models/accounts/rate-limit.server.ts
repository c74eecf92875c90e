import { prisma } from "~/models/platform/index.server";
import { emailKey } from "~/utils/email-key";

import { ServiceError, tooManyRequests } from "~/models/platform/index.server";

/*
 * Throttles FAILED sign-in and register attempts, per client IP and per
 * e-mail, over a sliding window (more than 10 failures in a minute → 429).
 *
 * The failures live in PostgreSQL (table AuthFailure), not in memory, so the
 * limit holds however many app instances serve the shop and survives a
 * restart. Every attempt first writes its row for each key and then counts:
 * parallel guesses see each other's rows, so a burst cannot slip past the
 * limit while bcrypt is busy (a burst at the limit may be refused a little
 * early, never let through). An attempt that does not fail takes its rows
 * back. Rows older than the window are deleted as new attempts arrive, so the
 * table holds about a minute's worth. Times come from the app server's clock;
 * instances are expected to keep it in sync (NTP).
 *
 * Successes are never counted, and a success does not reset the counts
 * either: otherwise one valid account would let an attacker wipe their IP's
 * record between guesses at other accounts.
 */

export const TOO_MANY_ATTEMPTS = "Too many attempts, please try again in a minute";

export type Limiter = ReturnType<typeof createFailureLimiter>;
/** The rows an attempt holds while it runs; null when it was refused. */
export type Reservation = bigint[] | null;

/**
 * The longest window of any limiter in this process: rows are pruned only
 * after it, so a one-minute limiter never deletes the rows an hour-long one
 * still counts (they share the table, told apart by their key prefixes).
 */
let longestWindowMs = 0;

export function createFailureLimiter({ limit = 10, windowMs = 60_000 } = {}) {
  longestWindowMs = Math.max(longestWindowMs, windowMs);
  const windowStart = (now: Date) => new Date(now.getTime() - windowMs);

  async function release(ids: bigint[]): Promise<void> {
    if (ids.length) await prisma.authFailure.deleteMany({ where: { id: { in: ids } } });
  }

  return {
    /**
     * Counts one attempt against every key, or refuses it (null, nothing kept)
     * when that makes any key exceed `limit` failures within the window.
     */
    async reserve(keys: string[], now = new Date()): Promise<Reservation> {
      // Housekeeping only: a failure here must not turn a sign-in into an error.
      await prisma.authFailure.deleteMany({ where: { at: { lte: new Date(now.getTime() - longestWindowMs) } } }).catch((error: unknown) => {
        console.error("pruning old sign-in failures failed", error);
      });
      const rows = await prisma.authFailure.createManyAndReturn({
        data: keys.map((key) => ({ key, at: now })),
        select: { id: true },
      });
      const ids = rows.map((r) => r.id);
      const counts = await prisma.authFailure.groupBy({
        by: ["key"],
        where: { key: { in: keys }, at: { gt: windowStart(now) } },
        _count: { _all: true },
      });
      if (counts.some((c) => c._count._all > limit)) {
        await release(ids);
        return null;
      }
      return ids;
    },
    /** Takes back an attempt that did not fail. */
    release,
  };
}

/** The shared limiter of sign-in and register attempts. */
export const authLimiter = createFailureLimiter();

/**
 * New accounts per client IP and hour (issue 26). Generous on purpose: a
 * Bangladeshi mobile operator puts thousands of subscribers behind one
 * address (carrier-grade NAT), and a family or office shares one too. It
 * stops a script making accounts by the hundred, never a person.
 */
export const REGISTRATIONS_PER_IP_PER_HOUR = 30;
export const TOO_MANY_REGISTRATIONS = "Too many new accounts from this network, please try again in an hour";
export const registrationLimiter = createFailureLimiter({ limit: REGISTRATIONS_PER_IP_PER_HOUR, windowMs: 60 * 60_000 });

/**
 * Counts one new account for the caller's IP (kept: it is a success that is
 * limited) around `register`, or refuses with 429 before anything is written.
 * A registration that fails takes its count back; the failure is counted by
 * the sign-in limiter instead (limitAuthAttempt).
 */
export async function limitRegistration<T>(ip: string | undefined, register: () => Promise<T>, limiter: Limiter = registrationLimiter): Promise<T> {
  const reservation = await limiter.reserve([`register-ip:${ip || "unknown"}`]);
  if (!reservation) throw tooManyRequests(TOO_MANY_REGISTRATIONS, 60 * 60);
  try {
    return await register();
  } catch (error) {
    await limiter.release(reservation).catch((e: unknown) => console.error("releasing a registration count failed", e));
    throw error;
  }
}

function keysFor(ip: string | undefined, email: string | undefined) {
  const keys = [`ip:${ip || "unknown"}`];
  // By its normal form (issue 37): `victim+1@…` is the same person as `victim@…`.
  if (email) keys.push(`email:${emailKey(email)}`);
  return keys;
}

/**
 * Runs one sign-in or register attempt under the limit: refuses with 429 when
 * the IP or e-mail is over it, and keeps the attempt on record only if it
 * fails with a 400 or 401 (bad credentials, existing account). Refused
 * attempts are not recorded, so the window drains a minute after the last
 * real failure.
 */
export async function limitAuthAttempt<T>(
  { ip, email }: { ip?: string; email?: string },
  attempt: () => Promise<T>,
  limiter: Limiter = authLimiter,
): Promise<T> {
  const reservation = await limiter.reserve(keysFor(ip, email));
  if (!reservation) throw tooManyRequests(TOO_MANY_ATTEMPTS, 60);
  let failed = false;
  try {
    return await attempt();
  } catch (error) {
    failed = error instanceof ServiceError && (error.status === 400 || error.status === 401);
    throw error;
  } finally {
    if (!failed) {
      // The answer (a session, or the real error) matters more than our bookkeeping.
      await limiter.release(reservation).catch((error: unknown) => console.error("releasing a sign-in attempt failed", error));
    }
  }
}
