// What a write touched, announced once so every cache that holds it can let
// go: the page cache in this process, other instances, a Varnish in front.
// Writers call catalogueChanged(); caches subscribe with onCatalogueChange().

/**
 * `product:7`, `category:3`, `footer:2`, `search` for what a search answers (pages, suggestions: the
 * synonym table changes them), or `catalogue` for what every list shows (the header, counts).
 */
export type CacheTag = `product:${number}` | `category:${number}` | `footer:${number}` | "search" | "catalogue";

type Listener = (tags: readonly CacheTag[]) => void | Promise<void>;

const listeners = new Set<Listener>();

/** Subscribes a cache; returns the unsubscribe. */
export function onCatalogueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called after a write commits. A listener that fails is logged and never
 * fails the write: the entries it missed still expire on their own.
 */
export function catalogueChanged(tags: readonly CacheTag[]): void {
  if (tags.length === 0) return;
  for (const listener of listeners) {
    Promise.resolve()
      .then(() => listener(tags))
      .catch((error: unknown) => console.error("cache purge failed", tags, error));
  }
}
