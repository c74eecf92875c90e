// Production server: Express in front of the Remix request handler.
// `node server.js` needs DATABASE_URL and a SESSION_SECRET of 32+ bytes;
// `npm start` (scripts/start.mjs) provides both for a local demo.
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";

import { PRIVATE_CACHE_CONTROL } from "./server/cache-entry.js";
import { withRequestDeadline } from "./server/deadline.js";
import { closeServer, createDrain, DRAIN_DELAY_MS, DRAIN_TIMEOUT_MS, drainOnSignals } from "./server/drain.js";
import { createPageCache, hasSessionCookie, isCacheableRequest } from "./server/page-cache.js";
import { connectPurgeChannel } from "./server/page-cache-notify.js";
import { sanePublicAddress, trustProxySetting } from "./server/proxy-trust.js";
import { listenForShopperChanges } from "./server/shopper-changes.js";
import { createReadRouting } from "./server/read-routing.js";
import { createRemixRequest } from "./server/remix-request.js";
import { boundedBodies, drainUnreadBodies, sameOriginOnly } from "./server/request-guards.js";
import { originFormOnly } from "./server/request-target.js";
import { createVarnishPurger } from "./server/varnish-purge.js";
import { precompressedAssets } from "./server/precompressed.js";
import { BROTLI_PARAMS, sendParts, sendResponse } from "./server/respond.js";

/**
 * @typedef {import("express").Request} Req
 * @typedef {import("express").Response} Res
 * @typedef {import("express").NextFunction} Next
 * @typedef {import("./server/types.d.ts").AppBuild} AppBuild
 * @typedef {import("./server/types.d.ts").AppEntry} AppEntry
 */

const here = path.dirname(fileURLToPath(import.meta.url));

export async function createApp() {
  const buildDir = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : path.join(here, "build");
  const assetsDir = process.env.BUILD_DIR ? path.join(buildDir, "assets") : path.join(here, "public", "build");
  // The build's path is known only at run time, so its type is stated: Remix's build, with app/entry.server.tsx's exports.
  const compiled = /** @type {AppBuild} */ (await import(pathToFileURL(path.join(buildDir, "index.js")).href));
  // Database outages answer 503, page actions refuse non-form bodies (app/web/route-guards.server.ts).
  const build = compiled.entry.module.withResilientRoutes(compiled);
  const app = express();
  app.disable("x-powered-by");
  // The proxies' addresses ("10.0.0.5, loopback"), a hop count ("1" on fly) or "true" (server/proxy-trust.js).
  app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));

  // First: a draining instance fails its health checks before anything else is asked (server/drain.js).
  const drain = createDrain();
  app.locals.drain = drain.state;
  app.use(drain.middleware);
  app.use(originFormOnly);
  app.use(sanePublicAddress);
  app.use(drainUnreadBodies);
  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  // Fingerprinted build assets never change: cache them for a year. Served before helmet: a
  // phone pays every response header on every file (HTTP/1.1 does not compress them), and the
  // page-level ones (CSP, framing, COOP…) mean nothing on a script, a stylesheet or a font;
  // only nosniff and CORP do (issue 42, decision 083). No validators: nothing revalidates an
  // immutable file.
  const assetHeaders = (/** @type {import("express").Response} */ res) => {
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  };
  app.use(
    "/build",
    precompressedAssets(assetsDir, assetHeaders),
    compression({ brotli: { params: BROTLI_PARAMS } }),
    express.static(assetsDir, { cacheControl: false, etag: false, lastModified: false, acceptRanges: false, setHeaders: assetHeaders }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          // helmet types the response as Node's; it runs here as Express middleware, so it is Express's, with locals.
          "script-src": ["'self'", (_req, res) => `'nonce-${/** @type {Res} */ (res).locals.cspNonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
        },
      },
      // The shop is served over plain HTTP on localhost by `npm start`; HSTS is set by the TLS edge.
      strictTransportSecurity: process.env.COOKIE_SECURE !== "false" && process.env.NODE_ENV === "production",
      crossOriginEmbedderPolicy: false,
      // helmet's default "no-referrer" makes Chromium send `Origin: null` on
      // plain form POSTs, which the same-origin check (server/request-guards.js) would refuse.
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  // Streams and static files; whole answers are compressed by server/respond.js with the same settings.
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));

  // Every file in public/ has an extension; pages and the API skip the disk lookup (bench/results.md).
  const publicFiles = express.static(path.join(here, "public"), { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));

  app.use(sameOriginOnly);
  app.use(boundedBodies);
  // Remix runs a route's loader for OPTIONS and answers as for GET. The shop
  // serves no other origin (no CORS), so there is no preflight to answer.
  // Allow names what the shop uses: pages take forms (GET, POST); the API also PUT and DELETE.
  app.options("*", (req, res) => {
    if (req.path.startsWith("/api/")) {
      res.set("Allow", "GET, HEAD, POST, PUT, DELETE").status(405).json({ message: "Method not allowed" });
    } else {
      res.set("Allow", "GET, HEAD, POST").status(405).type("text/plain").send("Method not allowed");
    }
  });
  // Remix's Node handler: the request is built by server/remix-request.js, the answer sent by server/respond.js.
  const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
  // Anonymous catalogue pages, rendered without a nonce (their CSP lists script hashes instead);
  // shoppers with a session get the same copies with their own parts filled in (app/page-holes).
  const pageCache = createPageCache({ render: (request) => handleRequest(request, {}), sendResponse, sendParts, holes: compiled.entry.module });
  // Other instances hear of this one's writes through PostgreSQL (server/page-cache-notify.js).
  const channel = await connectPurgeChannel((tags) => pageCache.purge(tags)).catch((error) => {
    console.error("page cache: no purge channel, other instances catch up on expiry", error);
    return { publish: () => {}, close: async () => {} };
  });
  // Signed-in shoppers' fills read what the database last said of them, until it says they changed (decision 076).
  const shopperChanges = await listenForShopperChanges(compiled.entry.module);
  // Varnish in front (VARNISH_URL): this instance's writes ban there too, once (deploy/varnish/shop.vcl).
  const varnish = createVarnishPurger();
  compiled.entry.module.onCatalogueChange((tags) => {
    pageCache.purge(tags);
    channel.publish(tags);
    void varnish?.(tags);
  });
  app.locals.pageCache = pageCache;
  app.locals.channels = [channel, shopperChanges];
  app.locals.entry = compiled.entry.module;
  // A shopper who chose Bangla with the language switch (the `lang` cookie, set
  // only by that choice) comes back to it at the front door; every other URL
  // says its own language, and nothing is guessed from headers or the IP.
  app.get("/", (req, res, next) =>
    /(^|;\s*)lang=bn(;|$)/.test(req.headers.cookie ?? "") ? res.set("Cache-Control", "private, no-store").redirect(302, "/bn") : next(),
  );
  app.get("*", (req, res, next) => withRequestDeadline(req, () => pageCache.handle(req, res, next)));
  // With read replicas: the back office, writes and a user who just wrote read from the primary.
  const routeReads = createReadRouting({ secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "false" });
  app.all("*", async (req, res, next) => {
    try {
      const response = await withRequestDeadline(req, () =>
        routeReads(req, res, () => handleRequest(createRemixRequest(req, res), { cspNonce: res.locals.cspNonce, clientIp: req.ip })),
      );
      if (!response.headers.has("Cache-Control") && isPrivateAnswer(req, response)) response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  });
  // Errors raised before Remix (a malformed %-escape in a path, say): JSON for
  // the API, plain text elsewhere, never Express's HTML page with a stack.
  app.use((/** @type {{ status?: unknown, statusCode?: unknown }} */ error, /** @type {Req} */ req, /** @type {Res} */ res, /** @type {Next} */ _next) => {
    const status = Number(error.status ?? error.statusCode) || 500;
    if (status >= 500) console.error(error);
    const message = status >= 500 ? "Something went wrong, please try again" : "Bad request";
    if (req.path.startsWith("/api/")) res.status(status).json({ message });
    else res.status(status).type("text/plain").send(message);
  });
  return app;
}

/**
 * What one visitor sees (their name, e-mail, orders, cart, a flash) is never
 * kept by a shared cache or the browser: every page and every JSON answer
 * (Remix's `?_data=` loader data, the API) to a request with the session
 * cookie or a token, and pages no shared cache may keep. Answers that say
 * their own Cache-Control (the shared catalogue, pictures) keep it.
 * @param {Req} req
 * @param {Response} response
 */
function isPrivateAnswer(req, response) {
  const type = response.headers.get("Content-Type") ?? "";
  if (hasSessionCookie(req.headers.cookie) || req.headers.authorization) return /text\/html|json/i.test(type);
  return !isCacheableRequest(req.method, req.path, req.headers) && /text\/html/i.test(type);
}

/**
 * The job worker (app/jobs.server.ts: mail, COD holds, the courier poll) runs in every instance
 * unless MAIL_WORKER=off (then `npm run worker` runs it on its own). A
 * database that is down at start delays it, retried every 10 s, and never
 * holds the server back. With the worker off the queue's schema is still
 * installed, since every order queues its e-mail through it.
 * @param {Pick<AppEntry, "migrateJobQueue" | "startWorker">} entry
 */
function startMailWorker(entry) {
  if (process.env.MAIL_WORKER === "off") {
    entry.migrateJobQueue().catch((error) => console.error("job queue: could not install its schema:", error.message));
    return { stop: async () => {} };
  }
  /** @type {Awaited<ReturnType<AppEntry["startWorker"]>> | null} */
  let worker = null;
  /** @type {{ timeoutMs?: number } | null} */
  let stopped = null;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<void> | null} */
  let stopping = null;
  const attempt = async () => {
    try {
      worker = await entry.startWorker();
      if (stopped) await worker.stop(stopped);
    } catch (error) {
      console.error(`job worker: could not start (${error instanceof Error ? error.message : error}); trying again in 10 s`);
      if (!stopped) (timer = setTimeout(attempt, 10_000)).unref();
    }
  };
  void attempt();
  return {
    /**
     * Once: a second call (the server's close event after a drain) waits for the first.
     * @param {{ timeoutMs?: number }} [options] how long its jobs may run on; then they are released to other instances
     */
    stop: (options = {}) => {
      stopped = options;
      clearTimeout(timer);
      stopping ??= (worker?.stop(options) ?? Promise.resolve()).catch(() => {});
      return stopping;
    },
  };
}

/** @type {WeakMap<import("node:http").Server, { stop: (options?: { timeoutMs?: number }) => Promise<void> }>} */
const mailWorkers = new WeakMap();
/** The LISTEN connections (page-cache purges, shopper changes): closed last, like the worker. */
/** @type {WeakMap<import("node:http").Server, { close: () => Promise<void> }[]>} */
const listeners = new WeakMap();
/** @type {WeakMap<import("node:http").Server, { draining: boolean }>} */
const drains = new WeakMap();

/**
 * Drains the server (server/drain.js, decision 081): its health checks fail at
 * once, it serves on for `drainDelayMs` (a balancer's probes notice), then
 * stops accepting, lets the requests in flight finish and the mail worker end
 * its jobs (both within `timeoutMs`; jobs still running then are released to
 * other instances), and closes the LISTEN connections. Resolves when all have
 * ended: whoever stops the database next (npm start's embedded PostgreSQL)
 * must not pull it from under a worker still polling it (57P01 otherwise).
 * @param {import("node:http").Server} server
 * @param {{ drainDelayMs?: number, timeoutMs?: number }} [options] npm start has no balancer in front: no delay
 */
export async function stopServer(server, { drainDelayMs = 0, timeoutMs = DRAIN_TIMEOUT_MS } = {}) {
  const drain = drains.get(server);
  if (drain) drain.draining = true;
  if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  const [answered] = await Promise.all([closeServer(server, timeoutMs), mailWorkers.get(server)?.stop({ timeoutMs })]);
  if (!answered) console.error(`drain: requests still in flight after ${timeoutMs / 1000} s were cut`);
  await Promise.all((listeners.get(server) ?? []).map((c) => c.close().catch(() => {})));
}

export async function startServer({ port = Number(process.env.PORT || 3000), host = process.env.HOST } = {}) {
  const app = await createApp();
  /** @type {import("node:http").Server} */
  const server = await new Promise((resolve) => {
    const s = host ? app.listen(port, host, () => resolve(s)) : app.listen(port, () => resolve(s));
  });
  // Express types its locals as any; createApp put the app's entry there.
  const mail = startMailWorker(/** @type {AppEntry} */ (app.locals.entry));
  mailWorkers.set(server, mail);
  listeners.set(server, app.locals.channels);
  drains.set(server, app.locals.drain);
  server.on("close", () => void mail.stop());
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let server;
  try {
    server = await startServer();
  } catch (error) {
    // A refused configuration (a short SESSION_SECRET, a bad DATABASE_URL) says so in one line, not a stack.
    console.error(error instanceof Error && /SESSION_SECRET|environment/.test(error.message) ? error.message : error);
    process.exit(1);
  }
  // A TCP listener's address is an object; a string only for a pipe, which PORT never names here.
  const address = server.address();
  console.log(`Shop listening on http://localhost:${typeof address === "object" && address ? address.port : address}`);
  drainOnSignals(() => stopServer(/** @type {import("node:http").Server} */ (server), { drainDelayMs: DRAIN_DELAY_MS }));
}
