// The database's word that a shopper changed: triggers on "User",
// "RevokedSession" and "Review" send the user's id on `shopper_changed` when
// such a write commits, on any instance (migration 20261130000000). This
// process forgets what it kept of that shopper for cached pages' holes
// (app/models/accounts/shopper-cache.server.ts, decision 076), and keeps
// nothing while it cannot hear.
import { openChannel } from "./pg-channel.js";

/**
 * @param {Pick<import("./types").AppEntry, "forgetShoppers" | "setShopperCacheLive">} entry
 * @param {string | undefined} [url]
 */
export function listenForShopperChanges(entry, url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL) {
  return openChannel({
    channel: "shopper_changed",
    name: "shopper-changes",
    url,
    onMessage(payload) {
      const id = Number(payload);
      if (Number.isSafeInteger(id)) entry.forgetShoppers([id]);
    },
    onListening: () => entry.setShopperCacheLive(true),
    onLost: () => entry.setShopperCacheLive(false),
  });
}
