// Full-page cache for anonymous GETs, in front of Remix: a HIT is a memory
// write, with no React render and no database query. Which pages may be
// cached is decided by server/public-pages.js; what a page shows is recorded
// by the reads themselves (app/models/platform/page-tags.server.ts) and purged
// by the writes (catalogueChanged, cache-events.server.ts).
// docs/decisions/033-page-cache-and-csp.md, docs/performance.md "Page cache".
import { LRUCache } from "lru-cache";

import { entrySize, isShareableResponse, makeEntry, PRIVATE_CACHE_CONTROL, sendEntry, withHashedCsp } from "./cache-entry.js";
import { withPageTags } from "./page-tags.js";
import { requestOrigin } from "./proxy-trust.js";
import { isSharedJson, isSharedPage } from "./public-pages.js";
import { hasReadYourWritesMark } from "./read-routing.js";

/**
 * @typedef {import("express").Request} Req
 * @typedef {import("express").Response} Res
 * @typedef {import("express").NextFunction} Next
 * @typedef {import("node:http").IncomingHttpHeaders} RequestHeaders
 * @typedef {import("./types.d.ts").CacheEntry} CacheEntry
 * @typedef {import("./types.d.ts").CacheState} CacheState
 * @typedef {import("./types.d.ts").Holes} Holes
 * @typedef {import("../app/page-holes/fill.server").Part} Part
 */

export const SESSION_COOKIE = "__session";
const FRESH_MS = 5_000;
const STALE_MS = 30_000;
// While the database does not answer (issue 40 #5, decision 080): a copy is kept this much longer,
// served past the stale window only when a fresh render fails (5xx) or is late; a request with a
// kept copy waits this long for a render (a healthy one takes a fraction of it).
const KEPT_FOR_OUTAGES_MS = 10 * 60_000;
export const OUTAGE_WAIT_MS = 1_500;

/**
 * Whether the request's cookie header carries the shop's session (sign-in, cart, flash).
 * @param {string | undefined} cookieHeader
 */
export function hasSessionCookie(cookieHeader) {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * A shopper's GET (or HEAD) of a catalogue page: served from the anonymous copy
 * with the shopper's holes filled in (app/page-holes, docs/decisions/069).
 * Not Remix's data requests (`?_data=`): their JSON is the loaders' own.
 * @param {string} method
 * @param {string} path
 * @param {string} search The query, with its "?"
 * @param {RequestHeaders} headers
 */
export function isPersonalRequest(method, path, search, headers) {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!hasSessionCookie(headers.cookie) || headers.authorization || hasReadYourWritesMark(headers.cookie)) return false;
  if (/[?&]_data(=|&|$)/.test(search)) return false;
  return isSharedPage(path);
}

/**
 * Allow-list: an anonymous GET (or HEAD) of a catalogue page or the public catalogue JSON.
 * @param {string} method
 * @param {string} path
 * @param {RequestHeaders} headers
 */
export function isCacheableRequest(method, path, headers) {
  if (method !== "GET" && method !== "HEAD") return false;
  // A user who just wrote (server/read-routing.js) gets a fresh render from the primary.
  if (hasSessionCookie(headers.cookie) || headers.authorization || hasReadYourWritesMark(headers.cookie)) return false;
  return isSharedPage(path) || isSharedJson(path);
}

/** Headers of a cached page that a page filled for one shopper does not repeat. */
const SHARED_ONLY = new Set(["cache-control", "etag", "x-cache-tags", "content-security-policy"]);

/**
 * The cache. `render(url, headers)` runs Remix and resolves to a Response;
 * `sendResponse` is server/respond.js's writer for answers that are not shared,
 * `sendParts` its writer for a page in parts (a cached copy with its holes filled). `holes` (the app's
 * readShopper, isAnonymous, compileTemplate and fillTemplate, exported by
 * entry.server.tsx) serves shoppers with a session from the same copies.
 * @param {object} options
 * @param {(request: Request) => Promise<Response>} options.render
 * @param {(req: Req, res: Res, response: Response) => Promise<void>} options.sendResponse
 * @param {(req: Req, res: Res, parts: Part[]) => void} options.sendParts
 * @param {Holes | null} [options.holes]
 * @param {number} [options.maxBytes]
 * @param {boolean} [options.enabled]
 * @param {() => number} [options.now]
 */
export function createPageCache({
  render,
  sendResponse,
  sendParts,
  holes = null,
  maxBytes = Number(process.env.PAGE_CACHE_MAX_BYTES) || 64 * 1024 * 1024,
  enabled = process.env.PAGE_CACHE !== "off",
  now = () => Date.now(),
}) {
  const ttl = FRESH_MS + STALE_MS + KEPT_FOR_OUTAGES_MS;
  /** @type {LRUCache<string, CacheEntry>} */
  const entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: entrySize, ttl, ttlAutopurge: false, perf: { now } });
  /**
   * Renders under way, by key: one per cold or stale key (single flight).
   * @type {Map<string, Promise<{ entry: CacheEntry, response?: undefined } | { response: Response, entry?: undefined }>>}
   */
  const inFlight = new Map();

  /**
   * The page's absolute URL: what it is rendered from, so each copy is kept under what its links were built from
   * (a scheme and host that server/proxy-trust.js let in; issue 40 item 2).
   * @param {Req} req
   */
  function keyOf(req) {
    return `${requestOrigin(req)}${req.originalUrl}`;
  }

  /**
   * Renders anonymously (no cookie at all is passed on) and stores the answer if it may be shared.
   * @param {string} key The page's absolute URL (keyOf)
   * @param {Req} req
   * @param {string} csp
   */
  function refresh(key, req, csp) {
    const running = inFlight.get(key);
    if (running) return running;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === "cookie" || name === "if-none-match" || name === "if-modified-since" || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const started = now();
    const job = (async () => {
      const [response, tags] = await withPageTags(() => render(new Request(key, { headers })));
      if (!isShareableResponse(response)) return { response };
      const body = Buffer.from(await response.arrayBuffer());
      const entry = makeEntry(response, body, tags, csp);
      // A purge that arrived while this rendered may have read older data: keep it out.
      if (!purgedSince(tags, started)) entries.set(key, entry);
      return { entry };
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, job);
    return job;
  }

  /**
   * The copy to answer with: fresh (HIT); stale, rendered again in the background (STALE); else a
   * render's (MISS), or a kept copy (STALE) when that render is a 5xx, fails or is late (the render
   * goes on). No copy: the render's own response, and whether another request had begun it.
   * @param {string} key
   * @param {Req} req
   * @param {string} csp
   * @returns {Promise<{ entry: CacheEntry, state: CacheState, response?: undefined, wasRunning?: undefined } | { entry?: undefined, response: Response, wasRunning: boolean }>}
   */
  async function copyFor(key, req, csp) {
    const kept = entries.get(key);
    const age = kept ? now() - kept.bornAt : Infinity;
    if (kept && age < FRESH_MS) return { entry: kept, state: "HIT" };
    const wasRunning = inFlight.has(key);
    const rendering = refresh(key, req, csp);
    if (kept && age < FRESH_MS + STALE_MS) {
      rendering.catch((error) => console.error("page cache refresh failed", key, error));
      return { entry: kept, state: "STALE" };
    }
    if (!kept) {
      const result = await rendering;
      return result.entry ? { entry: result.entry, state: "MISS" } : { response: result.response, wasRunning };
    }
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, OUTAGE_WAIT_MS, null)));
    const result = await Promise.race([rendering.catch(() => null), late]).finally(() => clearTimeout(timer));
    if (result?.entry) return { entry: result.entry, state: "MISS" };
    if (result && result.response.status < 500) return { response: result.response, wasRunning };
    if (!result) rendering.catch((error) => console.error("page cache refresh failed", key, error));
    return { entry: kept, state: "STALE" };
  }

  /**
   * Recent purges, so a render that started before one is not stored after it.
   * @type {{ at: number, tags: string[] }[]}
   */
  const recentPurges = [];
  /**
   * @param {Set<string>} tags
   * @param {number} since
   */
  function purgedSince(tags, since) {
    return recentPurges.some((p) => p.at >= since && p.tags.some((t) => tags.has(t) || t === "catalogue"));
  }

  /** @param {readonly string[]} tags */
  function purge(tags) {
    const at = now();
    recentPurges.push({ at, tags: [...tags] });
    while (recentPurges.length > 0 && recentPurges[0].at < at - 60_000) recentPurges.shift();
    const all = tags.includes("catalogue");
    for (const [key, entry] of entries.entries()) {
      if (all || tags.some((tag) => entry.tags.has(tag))) entries.delete(key);
    }
  }

  /** The entry cut into fixed parts and holes, once (null: it cannot be; the shopper's page is rendered). */
  /** @type {Set<string>} */
  const refusals = new Set();
  /**
   * @param {Holes} holes
   * @param {CacheEntry} entry
   * @param {Req} req
   */
  function templateOf(holes, entry, req) {
    if (entry.template !== undefined) return entry.template;
    entry.template = null;
    if (/text\/html/i.test(entry.headers["content-type"] ?? "")) {
      const compiled = holes.compileTemplate(entry.identity.toString("utf8"), keyOf(req));
      if (typeof compiled !== "string") entry.template = compiled;
      else if (!refusals.has(compiled)) {
        refusals.add(compiled);
        console.warn(`page cache: ${req.path} is rendered for each shopper (${compiled})`);
      }
    }
    return entry.template;
  }

  /**
   * A shopper with a cart, a sign-in or a flash: the anonymous copy (rendered
   * first if there is none) with the holes filled in from this request's cookie.
   * @param {Holes} holes
   * @param {Req} req
   * @param {Res} res
   * @param {Next} next
   */
  async function personal(holes, req, res, next) {
    const key = keyOf(req);
    const csp = String(res.getHeader("Content-Security-Policy") ?? "");
    const found = await copyFor(key, req, csp);
    // Not shareable (a 404, a draft an admin may preview): the shopper's page is rendered.
    if (!found.entry) return next();
    const { entry, state } = found;
    const template = templateOf(holes, entry, req);
    if (!template) return next();
    // What the database last said of this shopper (kept until it says otherwise: decision 076).
    const shopper = await holes.readShopper(req.headers.cookie ?? null, { throughCache: true });
    if (holes.isAnonymous(shopper)) return sendEntry(req, res, entry, state, { personal: true });
    const { parts, contextHash } = await holes.fillTemplate(template, shopper);
    for (const [name, value] of Object.entries(entry.headers)) if (!SHARED_ONLY.has(name)) res.setHeader(name, value);
    // The cached copy's CSP, with the hash of this page's own context script in place of the copy's.
    res.setHeader("Content-Security-Policy", entry.headers["content-security-policy"].replace(template.contextHash, contextHash));
    res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("X-Cache", state);
    res.setHeader("X-Page-Holes", "filled");
    if (shopper.setCookie) res.append("Set-Cookie", shopper.setCookie);
    res.status(200);
    sendParts(req, res, parts);
  }

  /**
   * The page cache's Express handler, for GETs and HEADs.
   * @param {Req} req
   * @param {Res} res
   * @param {Next} next
   */
  async function handle(req, res, next) {
    if (!enabled) return next();
    if (holes && isPersonalRequest(req.method, req.path, req.url.slice(req.path.length), req.headers)) {
      // Any failure (the database away, say) falls back to React, which answers as it always has.
      return personal(holes, req, res, next).catch((error) => {
        if (res.headersSent) return next(error);
        console.error("page cache: filling holes failed", req.path, error);
        next();
      });
    }
    if (!isCacheableRequest(req.method, req.path, req.headers)) return next();
    const key = keyOf(req);
    // helmet has set this request's CSP; the entry keeps it with hashes in place of the nonce.
    const csp = String(res.getHeader("Content-Security-Policy") ?? "");
    try {
      const found = await copyFor(key, req, csp);
      if (found.entry) return sendEntry(req, res, found.entry, found.state);
      // Not shareable (a 404, a redirect, a cookie): a waiter renders its own answer.
      if (found.wasRunning) return next();
      res.setHeader("X-Cache", "MISS");
      await sendResponse(req, res, await withHashedCsp(found.response, res, csp));
    } catch (error) {
      next(error);
    }
  }

  return { handle, purge, entries, clear: () => entries.clear() };
}
