// What the page being rendered shows, recorded by the reads themselves, so a
// route never has to list its tags and a new read cannot forget them. The page
// cache in server.js (server/page-cache.js) opens a scope per render and sends
// the tags as X-Cache-Tags; outside a scope (API writes, tests) this is a no-op.
import { AsyncLocalStorage } from "node:async_hooks";

import type { CacheTag } from "./cache-events.server";

// One instance per process, shared with server/page-cache.js, which is not
// bundled with the app and so cannot import this module.
const KEY = Symbol.for("tanabana.page-tags");
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Set<string>> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<Set<string>>());

/** Notes that the current page shows these things. */
export function tagPage(tags: Iterable<CacheTag>): void {
  const scope = storage.getStore();
  if (!scope) return;
  for (const tag of tags) scope.add(tag);
}
