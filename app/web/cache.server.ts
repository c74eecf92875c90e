import { createHash } from "node:crypto";

import type { json } from "@remix-run/node";

/**
 * Public catalogue JSON: the same for every visitor, and the spec's clients keep
 * query data 5 seconds, so shared caches may too. Errors are never sent this way.
 * With the request, it also answers a matching If-None-Match with an empty 304.
 */
export function publicJson<T>(data: T, init: ResponseInit = {}, request?: Request) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "public, max-age=5");
  const body = JSON.stringify(data);
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  headers.set("ETag", etag);
  if (request && matches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers }) as ReturnType<typeof json<T>>;
  }
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { ...init, headers }) as ReturnType<typeof json<T>>;
}

function matches(header: string | null, etag: string) {
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim() === etag);
}
