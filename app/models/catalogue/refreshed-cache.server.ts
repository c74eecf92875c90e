import { withinRequestDeadline, withLongerRequestDeadline } from "~/models/platform/index.server";

// Numbers of a list that cost a scan of every matching product (the facet
// counts, a filtered list's total) kept in this process and recounted in the
// background once older than their time to live: no shopper waits for a
// recount after the first (docs/decisions/112 and 114).

/** How long counts are kept before a background recount (catalogue-facets.server.ts says why). */
export const COUNT_TTL_MS = 10_000;

/**
 * A count runs under its own deadline, not the 2 s of the request that began
 * it: on a busy machine a first count of a large category (facets ~1 s quiet)
 * can outlast that request, which answers 503 at its own deadline while the
 * count goes on and fills the cache for the next. Bound to the request, it
 * failed with it, and every later request began it again (decision 114).
 */
const COUNT_DEADLINE_MS = 8_000;

type Entry<T> = { at: number; value: Promise<T>; refreshing: boolean };

export type RefreshedCache<T> = {
  /** The cached value, recounted in the background when stale; on a miss, computed and waited for up to the request's deadline. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
};

const every: Map<string, unknown>[] = [];

export function refreshedCache<T>(ttlMs: number, maxEntries: number): RefreshedCache<T> {
  const entries = new Map<string, Entry<T>>();
  every.push(entries);
  const detached = (compute: () => Promise<T>) => withLongerRequestDeadline(COUNT_DEADLINE_MS, compute);
  return {
    get(key, compute) {
      const hit = entries.get(key);
      if (hit) {
        if (Date.now() - hit.at >= ttlMs && !hit.refreshing) {
          hit.refreshing = true;
          detached(compute).then(
            (fresh) => entries.set(key, { at: Date.now(), value: Promise.resolve(fresh), refreshing: false }),
            // Keep serving the old numbers; try again one time to live later.
            () => Object.assign(hit, { at: Date.now(), refreshing: false }),
          );
        }
        return withinRequestDeadline(hit.value, "a count");
      }
      const value = detached(compute);
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { at: Date.now(), value, refreshing: false });
      return withinRequestDeadline(value, "a count");
    },
  };
}

/** Tests: counts right after changing products. */
export function clearRefreshedCaches() {
  for (const entries of every) entries.clear();
}
