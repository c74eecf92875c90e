import { json } from "@remix-run/node";

/**
 * Public catalogue JSON: the same for every visitor, and the spec's clients keep
 * query data 5 seconds, so shared caches may too. Errors are never sent this way.
 */
export function publicJson<T>(data: T, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "public, max-age=5");
  return json(data, { ...init, headers });
}
