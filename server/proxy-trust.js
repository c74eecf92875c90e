// Whose forwarding headers the shop believes (issue 40 item 4). Behind a
// proxy, the client's address (the rate limits' key) comes from
// X-Forwarded-For and the scheme of the shop's links from X-Forwarded-Proto,
// both written by the proxy; anyone who reaches the app port directly can
// write them too. TRUST_PROXY names the proxies by address, so the headers
// are believed only on connections from them; a hop count believes them from
// whoever is one hop away, which is only safe when nothing but the proxy can
// reach the port (docs/deploy.md). And whatever the trust, the scheme is
// http or https and the Host a host name, or the request is refused: a page
// cache keyed by host and URL must not render links from anything else.
import net from "node:net";

/**
 * @typedef {import("express").Request} Req
 * @typedef {import("express").Response} Res
 * @typedef {import("express").NextFunction} Next
 */

/** Express's (proxy-addr's) names for the private ranges. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * An address, a range (address/prefix length or IPv4 address/netmask), or a named range.
 * @param {string} entry
 */
function isAddressOrRange(entry) {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(bits);
}

/**
 * Express's "trust proxy" for TRUST_PROXY: unset → nobody; a number → that many
 * hops (fly: 1); "true" → every hop; otherwise a comma-separated list of the
 * proxies' addresses, CIDR ranges or named ranges (`loopback`), checked here so
 * a typo stops the server with one line instead of trusting the wrong clients.
 * @param {string | undefined} value
 * @returns {number | boolean | string[]}
 */
export function trustProxySetting(value) {
  const text = (value ?? "").trim();
  if (text === "") return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "true") return true;
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(
      `Invalid environment:\n  TRUST_PROXY: ${wrong.map((w) => JSON.stringify(w)).join(", ")} is not an address, a range (10.0.0.0/8) or loopback/linklocal/uniquelocal; ` +
        "give the proxies' addresses separated by commas, or a hop count",
    );
  }
  return entries;
}

/** A host name (a trailing dot allowed), an IPv4 address or a bracketed IPv6 one, with an optional port: what a Host header may say. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Refuses (400) a request whose scheme (X-Forwarded-Proto from a trusted
 * proxy) is not http or https, or whose Host is not a host; drops
 * X-Forwarded-Host, which no proxy of the shop's sets, so the host Remix sees
 * is the Host header that the page cache and Varnish key their copies by.
 * @param {Req} req
 * @param {Res} res
 * @param {Next} next
 */
export function sanePublicAddress(req, res, next) {
  delete req.headers["x-forwarded-host"];
  const host = req.get("host");
  if (/^https?$/i.test(req.protocol) && (host === undefined || HOST.test(host))) return next();
  if (req.path.startsWith("/api/")) res.status(400).json({ message: "Bad request" });
  else res.status(400).type("text/plain").send("Bad request");
}

/**
 * The scheme and host a request's absolute URL is built from, once sanePublicAddress let it in.
 * @param {Req} req
 */
export function requestOrigin(req) {
  return `${req.protocol.toLowerCase()}://${req.get("host") ?? "localhost"}`;
}
