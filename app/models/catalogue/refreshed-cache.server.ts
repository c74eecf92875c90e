// Numbers of a list that cost a scan of every matching product (the facet
// counts, a filtered list's total) kept in this process and recounted in the
// background once older than their time to live: no shopper waits for a
// recount after the first (docs/decisions/112 and 114).

/** How long counts are kept before a background recount (catalogue-facets.server.ts says why). */
export const COUNT_TTL_MS = 10_000;

type Entry<T> = { at: number; value: Promise<T>; refreshing: boolean };

export type RefreshedCache<T> = {
  /** The cached value, recounted in the background when stale; computed (and waited for) on a miss. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** The cached value as `get` gives it, or undefined on a miss (nothing is computed). */
  peek(key: string, compute: () => Promise<T>): Promise<T> | undefined;
  /** Keeps a value computed elsewhere (a total that rode along with a page's rows). */
  put(key: string, value: Promise<T>): void;
};

const every: Map<string, unknown>[] = [];

export function refreshedCache<T>(ttlMs: number, maxEntries: number): RefreshedCache<T> {
  const entries = new Map<string, Entry<T>>();
  every.push(entries);
  const put = (key: string, value: Promise<T>) => {
    value.catch(() => entries.delete(key));
    if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { at: Date.now(), value, refreshing: false });
  };
  const peek = (key: string, compute: () => Promise<T>) => {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at >= ttlMs && !hit.refreshing) {
      hit.refreshing = true;
      compute().then(
        (fresh) => entries.set(key, { at: Date.now(), value: Promise.resolve(fresh), refreshing: false }),
        () => entries.delete(key),
      );
    }
    return hit.value;
  };
  return {
    get(key, compute) {
      const hit = peek(key, compute);
      if (hit) return hit;
      const value = compute();
      put(key, value);
      return value;
    },
    peek,
    put,
  };
}

/** Tests: counts right after changing products. */
export function clearRefreshedCaches() {
  for (const entries of every) entries.clear();
}
