/**
 * A value shared by every request of this process for `ttlMs`, then loaded
 * again. Concurrent callers share one load; a failed load is not kept; `clear`
 * drops the value at once (this instance's admin writes call it). Another
 * instance keeps serving its copy for up to `ttlMs` (see README, "Performance").
 */
export function processCache<T>(ttlMs: number, load: () => Promise<T>) {
  let entry: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      const now = Date.now();
      if (entry && now - entry.at < ttlMs) return entry.value;
      const value = load();
      const mine = { at: now, value };
      entry = mine;
      value.catch(() => {
        if (entry === mine) entry = null;
      });
      return value;
    },
    clear() {
      entry = null;
    },
  };
}
