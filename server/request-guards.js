// Guards every request passes before Remix: the same-origin check on writes
// (CSRF) and the caps on request bodies. server.js mounts them.

/**
 * @typedef {import("express").Request} Req
 * @typedef {import("express").Response} Res
 * @typedef {import("express").NextFunction} Next
 */

/**
 * Refuses non-GET requests whose Origin names another site (CSRF; see docs/decisions/005-csrf.md).
 * @param {Req} req
 * @param {Res} res
 * @param {Next} next
 */
export function sameOriginOnly(req, res, next) {
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

/** @param {Res} res */
function refuse(res) {
  res.status(403).json({ message: "Cross-site request refused" });
}

// Remix reads page forms (request.formData()) without any size limit, so the
// caps are applied here from the declared length, before a byte is read.
// Multipart: the product editor's 7 pictures of 5 MB each plus the text fields.
const MAX_FORM_BYTES = 1024 * 1024;
/**
 * A form anyone may post (sign-in, register, checkout, reviews, …): the
 * biggest real one, a review of 2,000 Bangla letters, is under 20 KB encoded.
 * 160 KB bodies of repeated names cost seconds in the form parser (issue 40
 * item 1, decision 078); the back office's forms (footer pages) keep 1 MB.
 */
const MAX_PUBLIC_FORM_BYTES = 64 * 1024;
const isJson = (/** @type {string} */ type) => type.startsWith("application/json");
const MAX_MULTIPART_BYTES = 7 * 5 * 1024 * 1024 + MAX_FORM_BYTES;
/**
 * The only routes that take pictures: the admin upload and the product editor.
 * Both check the admin before they read a byte (a guest's body is read away
 * unparsed after the 401, never held in memory), and parse the parts as a
 * stream with a 5 MB cap each (app/web/multipart.server.ts). Every other
 * route, public forms included, keeps the 1 MB limit whatever the content
 * type says (issue 27 item 12: a 34 MB multipart POST to /login was read into memory).
 */
const UPLOAD_PATHS = [/^\/api\/upload\/?$/, /^\/admin\/product\/[^/]+\/edit\/?$/];
const takesUploads = (/** @type {string} */ path) => UPLOAD_PATHS.some((re) => re.test(path));
/** Over-limit bodies up to this size are read away before the 413, so the client sees the answer. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * Refuses request bodies over the caps (413), and unsized ones that nothing downstream bounds (411).
 * @param {Req} req
 * @param {Res} res
 * @param {Next} next
 */
export function boundedBodies(req, res, next) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const type = (req.get("content-type") ?? "").toLowerCase();
  const declared = req.get("content-length");
  if (declared === undefined) {
    // Browsers always send a length; a chunked JSON body is bounded while read (parseJsonBody).
    if (req.get("transfer-encoding") && !isJson(type)) {
      return res.status(411).json({ message: "Content-Length is required" });
    }
    return next();
  }
  const limit =
    type.startsWith("multipart/form-data") && takesUploads(req.path)
      ? MAX_MULTIPART_BYTES
      : isJson(type) || /^\/admin(\/|$)/.test(req.path)
        ? MAX_FORM_BYTES
        : MAX_PUBLIC_FORM_BYTES;
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
 * @param {Req} req
 * @param {Res} res
 * @param {Next} next
 */
export function drainUnreadBodies(req, res, next) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
}
