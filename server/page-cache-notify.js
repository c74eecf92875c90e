// Carries purges between instances through PostgreSQL LISTEN/NOTIFY, so an
// admin's write on one machine empties the page caches of all of them at once
// rather than when their entries expire (5 s, plus the stale window).
import crypto from "node:crypto";

import { openChannel } from "./pg-channel.js";

/**
 * Publishes this process's purges and applies the others'. Returns the
 * publisher (call it with the tags of a local write) and a close function.
 * Failures are logged and never fail a write: entries still expire. A lost
 * connection (the database restarted) is opened again in the background, so
 * purges between instances come back with the database, with nothing restarted;
 * while it is away, the others' entries expire within their 5 s.
 * @param {(tags: string[]) => void} onRemotePurge
 * @param {string | undefined} [url]
 * @returns {Promise<{ publish: (tags: readonly string[]) => void, close: () => Promise<void> }>}
 */
export async function connectPurgeChannel(onRemotePurge, url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL) {
  const me = crypto.randomUUID();
  const channel = await openChannel({
    channel: "page_cache_purge",
    name: "page-cache-purge",
    url,
    onMessage(payload) {
      const { from, tags } = /** @type {{ from?: unknown, tags?: unknown }} */ (JSON.parse(payload || "{}"));
      if (from !== me && Array.isArray(tags) && tags.every((tag) => typeof tag === "string")) onRemotePurge(tags);
    },
  });
  return {
    publish: (tags) => channel.notify(JSON.stringify({ from: me, tags })),
    close: channel.close,
  };
}
