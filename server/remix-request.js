// The Fetch API Request Remix handles, built from Express's request. @remix-run/express has this
// function but only exports its whole handler, whose response writer we replace (respond.js);
// importing it from the package's `dist/` would break silently on an upgrade, so it lives here.
import { createReadableStreamFromReadable } from "@remix-run/node";

/**
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @returns {Request}
 */
export function createRemixRequest(req, res) {
  // req.hostname respects "trust proxy"; X-Forwarded-Host never reaches here (proxy-trust.js).
  const port = Number.parseInt(req.get("host")?.split(":")[1] ?? "", 10);
  const host = `${req.hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  /** @type {AbortController | null} */
  let controller = new AbortController();
  /** @type {RequestInit & { duplex?: "half" }} */
  const init = { method: req.method, headers: remixHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  // Abort loaders and actions when the answer can no longer be written (close without finish).
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

/** @param {import("node:http").IncomingHttpHeaders} incoming */
function remixHeaders(incoming) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(incoming)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}
