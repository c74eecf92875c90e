// A request line may name its target in absolute form (`GET http://evil/product/3
// HTTP/1.1`, RFC 9112 §3.2.2), which proxies use and browsers never send to a
// server. Everything after this point (the page cache's keys and renders,
// Remix's request URL, the links a page builds) expects a path, so the target
// is cut down to its path and query here, at the door: the host a client names
// in the request line is never believed, as the Host header is the site's. An
// authority-form or asterisk-form target, or one that does not parse, is a 400.
// Issue 27 item 14.

/**
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {import("express").NextFunction} next
 */
export function originFormOnly(req, res, next) {
  const target = req.url ?? "";
  if (target.startsWith("/")) return next();
  let parsed = null;
  try {
    if (/^https?:\/\//i.test(target)) parsed = new URL(target);
  } catch {
    parsed = null;
  }
  if (!parsed) return res.status(400).type("text/plain").send("Bad request");
  req.url = `${parsed.pathname}${parsed.search}`;
  req.originalUrl = req.url;
  next();
}
