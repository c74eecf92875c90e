import { withinRequestDeadline } from "./db-pool.server";

/**
 * A value shared by every request of this process for `ttlMs`, then loaded
 * again. Concurrent callers share one load; a failed load is not kept; `clear`
 * drops the value at once (this instance's admin writes call it). Another
 * instance keeps serving its copy for up to `ttlMs` (see docs/performance.md).
 */
export function processCache<T>(ttlMs: number, load: () => Promise<T>) {
  let entry: { at: number; value: Promise<T>; loaded: boolean } | null = null;
  return {
    get(): Promise<T> {
      const now = Date.now();
      if (entry && now - entry.at < ttlMs) {
        // A load under way belongs to the request that began it, whose deadline may be later than this one's.
        return entry.loaded ? entry.value : withinRequestDeadline(entry.value);
      }
      const value = load();
      const mine = { at: now, value, loaded: false };
      entry = mine;
      value.then(
        () => {
          mine.loaded = true;
        },
        () => {
          if (entry === mine) entry = null;
        },
      );
      return value;
    },
    clear() {
      entry = null;
    },
  };
}
