import { env } from "./env.server";

/** An absolute link to a path of the shop, for places with no request to take the host from (e-mails). */
export function shopUrl(path: string): string {
  return `${env.SHOP_URL}${path.startsWith("/") ? path : `/${path}`}`;
}
