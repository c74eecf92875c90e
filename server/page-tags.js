// The scope app/models/platform/page-tags.server.ts records into: the same
// AsyncLocalStorage, found through a registered symbol because the app is a
// separate bundle.
import { AsyncLocalStorage } from "node:async_hooks";

const KEY = Symbol.for("tanabana.page-tags");
const holder = /** @type {typeof globalThis & { [KEY]?: AsyncLocalStorage<Set<string>> }} */ (globalThis);
const scopes = (holder[KEY] ??= new AsyncLocalStorage());

/**
 * Runs fn with a fresh tag set; resolves to [fn's result, the tags it recorded].
 * @template T
 * @param {() => T | Promise<T>} fn
 * @returns {Promise<[T, Set<string>]>}
 */
export async function withPageTags(fn) {
  /** @type {Set<string>} */
  const tags = new Set();
  const result = await scopes.run(tags, fn);
  return [result, tags];
}
