// Production server: Express in front of the Remix request handler.
// `node server.js` needs DATABASE_URL and a SESSION_SECRET of 32+ bytes;
// `npm start` (scripts/start.mjs) provides both for a local demo.
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// Not re-exported by the package index: the adapter itself, minus its response writer.
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";

import { withRequestDeadline } from "./server/deadline.js";
import { createPageCache, isCacheableRequest, PRIVATE_CACHE_CONTROL } from "./server/page-cache.js";
import { connectPurgeChannel } from "./server/page-cache-notify.js";
import { createReadRouting } from "./server/read-routing.js";
import { originFormOnly } from "./server/request-target.js";
import { createVarnishPurger } from "./server/varnish-purge.js";
import { BROTLI_PARAMS, sendResponse, sendWhole } from "./server/respond.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Refuses non-GET requests whose Origin names another site (CSRF; see docs/decisions/005-csrf.md). */
function sameOriginOnly(req, res, next) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.get("origin");
  if (!origin) {
    // Browsers send Origin on every cross-site POST; a browser that says
    // "cross-site" without one is refused anyway. API clients send neither
    // header, and SameSite=Lax keeps the cookie off other sites' requests.
    if (req.get("sec-fetch-site") === "cross-site") return refuse(res);
    return next();
  }
  let host;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  if (host && host === req.get("host")) return next();
  refuse(res);
}

function refuse(res) {
  res.status(403).json({ message: "Cross-site request refused" });
}

// Remix reads page forms (request.formData()) without any size limit, so the
// caps are applied here from the declared length, before a byte is read.
// Multipart: the product editor's 7 pictures of 5 MB each plus the text fields.
const MAX_FORM_BYTES = 1024 * 1024;
const MAX_MULTIPART_BYTES = 7 * 5 * 1024 * 1024 + MAX_FORM_BYTES;
/**
 * The only routes that take pictures: the admin upload and the product editor.
 * Both check the admin before they read a byte (a guest's body is read away
 * unparsed after the 401, never held in memory), and parse the parts as a
 * stream with a 5 MB cap each (app/utils/multipart.server.ts). Every other
 * route, public forms included, keeps the 1 MB limit whatever the content
 * type says (issue 27 item 12: a 34 MB multipart POST to /login was read into memory).
 */
const UPLOAD_PATHS = [/^\/api\/upload\/?$/, /^\/admin\/product\/[^/]+\/edit\/?$/];
const takesUploads = (path) => UPLOAD_PATHS.some((re) => re.test(path));
/** Over-limit bodies up to this size are read away before the 413, so the client sees the answer. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/** Refuses request bodies over the caps (413), and unsized ones that nothing downstream bounds (411). */
function boundedBodies(req, res, next) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const type = (req.get("content-type") ?? "").toLowerCase();
  const declared = req.get("content-length");
  if (declared === undefined) {
    // Browsers always send a length; a chunked JSON body is bounded while read (parseJsonBody).
    if (req.get("transfer-encoding") && !type.startsWith("application/json")) {
      return res.status(411).json({ message: "Content-Length is required" });
    }
    return next();
  }
  const limit = type.startsWith("multipart/form-data") && takesUploads(req.path) ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES;
  const size = Number(declared);
  if (!(size > limit)) return next();
  const refuse = () => res.status(413).json({ message: "Request body is too large" });
  // Within reason the body is read away first and then refused: answering
  // while the client is still uploading and then closing made the client's
  // write fail (EPIPE) before it could read the 413. Bodies larger than that
  // are refused at once and the connection closed.
  if (size > MAX_DRAINED_BYTES) {
    res.set("Connection", "close");
    return refuse();
  }
  req.once("end", refuse);
  req.once("error", () => {});
  req.resume();
}

/**
 * A body nobody read (a logout, a call refused before its body mattered) is
 * read away once the answer is sent, as Node does for untouched requests:
 * Remix has already attached its stream to it, which stalls the connection and
 * ends in a reset of the client's next request. Bodies are capped below.
 */
function drainUnreadBodies(req, res, next) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
}

export async function createApp() {
  const buildDir = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : path.join(here, "build");
  const assetsDir = process.env.BUILD_DIR ? path.join(buildDir, "assets") : path.join(here, "public", "build");
  const compiled = await import(pathToFileURL(path.join(buildDir, "index.js")).href);
  // Database outages answer 503, page actions refuse non-form bodies (app/utils/route-guards.server.ts).
  const build = compiled.entry.module.withResilientRoutes(compiled);
  const app = express();
  app.disable("x-powered-by");
  // A hop count ("1" on fly), "true", or Express's named ranges ("loopback").
  const trust = process.env.TRUST_PROXY;
  if (trust) app.set("trust proxy", /^\d+$/.test(trust) ? Number(trust) : trust === "true" ? true : trust);

  app.use(originFormOnly);
  app.use(drainUnreadBodies);
  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
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
      // plain form POSTs, which the same-origin check below would refuse.
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  // Streams and static files; whole answers are compressed by server/respond.js with the same settings.
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));

  // Fingerprinted build assets never change: cache them for a year.
  app.use("/build", express.static(assetsDir, { immutable: true, maxAge: "1y" }));
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
  // @remix-run/express's handler, with its own way of sending the answer (server/respond.js).
  const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
  // Anonymous catalogue pages, rendered without a nonce (their CSP lists script hashes instead);
  // shoppers with a session get the same copies with their own parts filled in (app/page-holes).
  const pageCache = createPageCache({ render: (request) => handleRequest(request, {}), sendResponse, sendWhole, holes: compiled.entry.module });
  // Other instances hear of this one's writes through PostgreSQL (server/page-cache-notify.js).
  const channel = await connectPurgeChannel((tags) => pageCache.purge(tags)).catch((error) => {
    console.error("page cache: no purge channel, other instances catch up on expiry", error);
    return { publish: () => {} };
  });
  // Varnish in front (VARNISH_URL): this instance's writes ban there too, once (deploy/varnish/shop.vcl).
  const varnish = createVarnishPurger();
  compiled.entry.module.onCatalogueChange((tags) => {
    pageCache.purge(tags);
    channel.publish(tags);
    void varnish?.(tags);
  });
  app.locals.pageCache = pageCache;
  app.locals.entry = compiled.entry.module;
  // A shopper who chose Bangla with the language switch (the `lang` cookie, set
  // only by that choice) comes back to it at the front door; every other URL
  // says its own language, and nothing is guessed from headers or the IP.
  app.get("/", (req, res, next) =>
    (/(^|;\s*)lang=bn(;|$)/.test(req.headers.cookie ?? "") ? res.set("Cache-Control", "private, no-store").redirect(302, "/bn") : next()),
  );
  app.get("*", (req, res, next) => withRequestDeadline(req, () => pageCache.handle(req, res, next)));
  // With read replicas: the back office, writes and a user who just wrote read from the primary.
  const routeReads = createReadRouting({ secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "false" });
  app.all("*", async (req, res, next) => {
    try {
      const response = await withRequestDeadline(req, () =>
        routeReads(req, res, () => handleRequest(createRemixRequest(req, res), { cspNonce: res.locals.cspNonce, clientIp: req.ip })),
      );
      // What one visitor sees (their name, cart, a flash) is never kept by a shared cache or the browser.
      const shared = isCacheableRequest(req.method, req.path, req.headers);
      if (!shared && !response.headers.has("Cache-Control") && /text\/html/.test(response.headers.get("Content-Type") ?? "")) {
        response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      }
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  });
  // Errors raised before Remix (a malformed %-escape in a path, say): JSON for
  // the API, plain text elsewhere, never Express's HTML page with a stack.
  app.use((error, req, res, _next) => {
    const status = Number(error.status ?? error.statusCode) || 500;
    if (status >= 500) console.error(error);
    const message = status >= 500 ? "Something went wrong, please try again" : "Bad request";
    if (req.path.startsWith("/api/")) res.status(status).json({ message });
    else res.status(status).type("text/plain").send(message);
  });
  return app;
}

/**
 * The mail worker (app/models/mail/worker.server.ts) runs in every instance
 * unless MAIL_WORKER=off (then `npm run worker` runs it on its own). A
 * database that is down at start delays it, retried every 10 s, and never
 * holds the server back. With the worker off the queue's schema is still
 * installed, since every order queues its e-mail through it.
 */
function startMailWorker(entry) {
  if (process.env.MAIL_WORKER === "off") {
    entry.migrateMailQueue().catch((error) => console.error("mail queue: could not install its schema:", error.message));
    return { stop: async () => {} };
  }
  let worker = null;
  let stopped = false;
  let timer = null;
  const attempt = async () => {
    try {
      worker = await entry.startMailWorker();
      if (stopped) await worker.stop();
    } catch (error) {
      console.error(`mail worker: could not start (${error.message}); trying again in 10 s`);
      if (!stopped) (timer = setTimeout(attempt, 10_000)).unref();
    }
  };
  void attempt();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await worker?.stop().catch(() => {});
    },
  };
}

export async function startServer({ port = Number(process.env.PORT || 3000), host = process.env.HOST } = {}) {
  const app = await createApp();
  const server = await new Promise((resolve) => {
    const s = host ? app.listen(port, host, () => resolve(s)) : app.listen(port, () => resolve(s));
  });
  const mail = startMailWorker(app.locals.entry);
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
  console.log(`Shop listening on http://localhost:${server.address().port}`);
  const close = () => server.close(() => process.exit(0));
  process.on("SIGTERM", close);
  process.on("SIGINT", close);
}
