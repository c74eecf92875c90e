import { env } from "./env.server";

/** An absolute link to a path of the shop, for places with no request to take the host from (e-mails). */
export function shopUrl(path: string): string {
  return `${env.SHOP_URL}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * The origin of a page's absolute links (canonical, og:url, hreflang,
 * JSON-LD, sitemap, robots.txt): SHOP_URL when it is set, so no Host or
 * X-Forwarded-Proto a client made up can reach a page a cache shares (issue 40
 * item 2); otherwise the request's own, whose scheme and host the server
 * checked (server/proxy-trust.js) and whose copies the page cache keeps apart.
 */
export function publicOrigin(request: Request): string {
  return env.SHOP_URL_SET ? new URL(env.SHOP_URL).origin : new URL(request.url).origin;
}
