// One page-cache entry: what is kept of Remix's answer (the body in each
// encoding, the headers, a CSP with script hashes in place of the nonce) and
// how it is sent. The cache itself, and who gets its entries, is
// server/page-cache.js.
import { createHash } from "node:crypto";
import zlib from "node:zlib";

import { BROTLI_PARAMS } from "./respond.js";

/**
 * @typedef {import("express").Request} Req
 * @typedef {import("express").Response} Res
 * @typedef {import("./types.d.ts").CacheEntry} CacheEntry
 * @typedef {import("./types.d.ts").CacheState} CacheState
 */

/** What shared caches (Varnish, a CDN) and browsers are told about an anonymous page. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Whether what Remix answered may be shared: a 200 that sets no cookie and did not say otherwise.
 * @param {Response} response
 */
export function isShareableResponse(response) {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const control = response.headers.get("Cache-Control");
  return !control || /\bpublic\b/.test(control);
}

// Inline scripts that run (not JSON-LD, which browsers never execute).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype=["']?application\/(ld\+)?json/i;

/**
 * The CSP for a shared page: each inline script allowed by its hash, since a
 * nonce seen by many visitors is no secret (docs/decisions/033).
 * @param {string} csp
 * @param {string} html
 */
export function hashedCsp(csp, html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return csp.replace(/'nonce-[^']*'/, [...hashes].join(" ") || "'none'");
}

/**
 * An answer rendered here but not kept (a 404 page) has no nonce in its
 * scripts either: the CSP it is sent with allows them by their hashes, as an
 * entry's does. With the request's nonce CSP the browser refused them, and a
 * not-found page never hydrated (issue 28 item 15).
 * @param {Response} response
 * @param {Res} res
 * @param {string} csp
 */
export async function withHashedCsp(response, res, csp) {
  if (!csp || !response.body || !/text\/html/i.test(response.headers.get("content-type") ?? "")) return response;
  const body = await response.text();
  res.setHeader("Content-Security-Policy", hashedCsp(csp, body));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// The route's own Cache-Control is kept (the catalogue JSON's `public, max-age=5`, the sitemap's hour).
const KEPT_HEADERS = ["content-type", "cache-control", "etag", "x-robots-tag", "link"];

/**
 * Turns Remix's answer into a cache entry: the body once in each encoding,
 * so a HIT copies bytes; the tags of what it shows; a CSP without the nonce.
 * @param {Response} response
 * @param {Buffer} body
 * @param {Set<string>} tags
 * @param {string} csp
 * @returns {CacheEntry}
 */
export function makeEntry(response, body, tags, csp) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  const isHtml = /text\/html/i.test(headers["content-type"] ?? "");
  if (isHtml) {
    headers["content-security-policy"] = hashedCsp(csp, body.toString("utf8"));
  }
  headers.etag ??= `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  // Every catalogue page shows the header's categories and the footer's links.
  tags.add("catalogue");
  headers["x-cache-tags"] = [...tags].sort().join(" ");
  const compress = body.byteLength >= 1024;
  return {
    headers,
    identity: body,
    br: compress ? zlib.brotliCompressSync(body, { params: { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }) : null,
    gzip: compress ? zlib.gzipSync(body) : null,
    tags,
    bornAt: Date.now(),
  };
}

/** @param {CacheEntry} entry */
export function entrySize(entry) {
  return entry.identity.byteLength + (entry.br?.byteLength ?? 0) + (entry.gzip?.byteLength ?? 0) + 1024;
}

/**
 * Copies an entry to the client: the encoding it accepts, 304 on a matching If-None-Match.
 * `personal`: sent to a visitor with a session cookie, so kept by no shared cache.
 * @param {Req} req
 * @param {Res} res
 * @param {CacheEntry} entry
 * @param {CacheState} state
 * @param {{ personal?: boolean }} [options]
 */
export function sendEntry(req, res, entry, state, { personal = false } = {}) {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", personal ? PRIVATE_CACHE_CONTROL : (entry.headers["cache-control"] ?? PUBLIC_CACHE_CONTROL));
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("X-Cache", state);
  if (personal) res.removeHeader("X-Cache-Tags");
  else res.setHeader("Age", String(Math.floor((Date.now() - entry.bornAt) / 1000)));
  const wanted = req.get("if-none-match");
  if (wanted && wanted.split(",").some((tag) => tag.trim() === entry.headers.etag || tag.trim() === "*")) {
    return void res.status(304).end();
  }
  // An entry too small to compress has neither encoding; one that has them has both.
  const encoding = entry.br ? req.acceptsEncodings("br", "gzip", "identity") : "identity";
  let body = entry.identity;
  if (encoding === "br" && entry.br) body = entry.br;
  else if (encoding === "gzip" && entry.gzip) body = entry.gzip;
  if (body !== entry.identity) res.setHeader("Content-Encoding", encoding === "br" ? "br" : "gzip");
  res.setHeader("Content-Length", body.byteLength);
  res.status(200);
  if (req.method === "HEAD") return void res.end();
  res.end(body);
}
