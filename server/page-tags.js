// The scope app/models/platform/page-tags.server.ts records into: the same
// AsyncLocalStorage, found through a registered symbol because the app is a
// separate bundle.
import { AsyncLocalStorage } from "node:async_hooks";

const KEY = Symbol.for("tanabana.page-tags");
globalThis[KEY] ??= new AsyncLocalStorage();

/** Runs fn with a fresh tag set; resolves to [fn's result, the tags it recorded]. */
export async function withPageTags(fn) {
  const tags = new Set();
  const result = await globalThis[KEY].run(tags, fn);
  return [result, tags];
}
