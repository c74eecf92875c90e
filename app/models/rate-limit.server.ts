import { ServiceError } from "./errors.server";

/*
 * Throttles FAILED sign-in and register attempts, per client IP and per
 * e-mail, over a sliding window (more than 10 failures in a minute → 429).
 *
 * Why in memory: the shop runs as a single Node process, and a limiter that
 * forgets on restart only gives an attacker one fresh minute. The counts are
 * small (timestamps of recent failures only, pruned as they age). When the
 * shop is scaled out to several instances, each would keep its own counts and
 * the effective limit would multiply: move this store to PostgreSQL or Redis
 * behind the same two functions then.
 *
 * Successes are never counted, and a success does not reset the counts
 * either: otherwise one valid account would let an attacker wipe their IP's
 * record between guesses at other accounts.
 */

export const TOO_MANY_ATTEMPTS = "Too many attempts, please try again in a minute";

export type Limiter = ReturnType<typeof createFailureLimiter>;

export function createFailureLimiter({ limit = 10, windowMs = 60_000, maxKeys = 50_000 } = {}) {
  const failures = new Map<string, number[]>();

  function recent(key: string, now: number) {
    const times = failures.get(key);
    if (!times) return [];
    const kept = times.filter((t) => now - t < windowMs);
    if (kept.length === 0) failures.delete(key);
    else if (kept.length !== times.length) failures.set(key, kept);
    return kept;
  }

  // Drops every expired key; run only when the map grows, so memory stays bounded under a spray of e-mails.
  function sweep(now: number) {
    for (const key of [...failures.keys()]) recent(key, now);
    if (failures.size > maxKeys) {
      const excess = failures.size - maxKeys;
      for (const key of [...failures.keys()].slice(0, excess)) failures.delete(key);
    }
  }

  return {
    /** True when any of the keys already has `limit` failures in the window. */
    isBlocked(keys: string[], now = Date.now()) {
      return keys.some((key) => recent(key, now).length >= limit);
    },
    recordFailure(keys: string[], now = Date.now()) {
      for (const key of keys) failures.set(key, [...recent(key, now), now].slice(-limit));
      if (failures.size > maxKeys) sweep(now);
    },
    reset() {
      failures.clear();
    },
    get size() {
      return failures.size;
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
  if (limiter.isBlocked(keys)) throw new ServiceError(429, TOO_MANY_ATTEMPTS);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ServiceError && (error.status === 400 || error.status === 401)) limiter.recordFailure(keys);
    throw error;
  }
}
