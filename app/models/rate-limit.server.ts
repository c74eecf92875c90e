import { prisma } from "~/utils/db.server";

import { ServiceError } from "./errors.server";

/*
 * Throttles FAILED sign-in and register attempts, per client IP and per
 * e-mail, over a sliding window (more than 10 failures in a minute → 429).
 *
 * The failures live in PostgreSQL (table AuthFailure), not in memory, so the
 * limit holds however many app instances serve the shop and survives a
 * restart. Each failure is one row per key; rows older than the window are
 * deleted whenever a failure is recorded, so the table holds at most a
 * minute's worth. A check is one indexed count.
 *
 * Successes are never counted, and a success does not reset the counts
 * either: otherwise one valid account would let an attacker wipe their IP's
 * record between guesses at other accounts.
 */

export const TOO_MANY_ATTEMPTS = "Too many attempts, please try again in a minute";

export type Limiter = ReturnType<typeof createFailureLimiter>;

export function createFailureLimiter({ limit = 10, windowMs = 60_000 } = {}) {
  const windowStart = (now: Date) => new Date(now.getTime() - windowMs);
  return {
    /** True when any of the keys already has `limit` failures in the window. */
    async isBlocked(keys: string[], now = new Date()): Promise<boolean> {
      const counts = await prisma.authFailure.groupBy({
        by: ["key"],
        where: { key: { in: keys }, at: { gt: windowStart(now) } },
        _count: { _all: true },
      });
      return counts.some((c) => c._count._all >= limit);
    },
    async recordFailure(keys: string[], now = new Date()): Promise<void> {
      await prisma.$transaction([
        prisma.authFailure.deleteMany({ where: { at: { lte: windowStart(now) } } }),
        prisma.authFailure.createMany({ data: keys.map((key) => ({ key, at: now })) }),
      ]);
    },
  };
}

/** The shared limiter of sign-in and register attempts. */
export const authLimiter = createFailureLimiter();

function keysFor(ip: string | undefined, email: string | undefined) {
  const keys = [`ip:${ip || "unknown"}`];
  if (email) keys.push(`email:${email.trim().toLowerCase()}`);
  return keys;
}

/**
 * Runs one sign-in or register attempt under the limit: refuses with 429 when
 * the IP or e-mail is over it, and records the attempt if it fails with a
 * 400 or 401 (bad credentials, existing account). Refused attempts are not
 * recorded, so the window drains a minute after the last real failure.
 */
export async function limitAuthAttempt<T>(
  { ip, email }: { ip?: string; email?: string },
  attempt: () => Promise<T>,
  limiter: Limiter = authLimiter,
): Promise<T> {
  const keys = keysFor(ip, email);
  if (await limiter.isBlocked(keys)) throw new ServiceError(429, TOO_MANY_ATTEMPTS);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ServiceError && (error.status === 400 || error.status === 401)) await limiter.recordFailure(keys);
    throw error;
  }
}
