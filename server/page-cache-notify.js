// Carries purges between instances through PostgreSQL LISTEN/NOTIFY, so an
// admin's write on one machine empties the page caches of all of them at once
// rather than when their entries expire (5 s, plus the stale window).
// A LISTEN needs a session connection, never a transaction-pooled one:
// DIRECT_DATABASE_URL when set (PgBouncer in front), else DATABASE_URL.
import crypto from "node:crypto";

import pg from "pg";

const CHANNEL = "page_cache_purge";

/**
 * Publishes this process's purges and applies the others'. Returns the
 * publisher (call it with the tags of a local write) and a close function.
 * Failures are logged and never fail a write: entries still expire.
 */
export async function connectPurgeChannel(onRemotePurge, url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL) {
  if (!url) return { publish: () => {}, close: async () => {} };
  const me = crypto.randomUUID();
  // A database that is down at start must not hold the server back: no channel, entries still expire.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", (error) => console.error("page cache purge channel failed", error));
  await client.connect();
  client.on("notification", (message) => {
    try {
      const { from, tags } = JSON.parse(message.payload ?? "{}");
      if (from !== me && Array.isArray(tags)) onRemotePurge(tags);
    } catch (error) {
      console.error("page cache purge message unreadable", error);
    }
  });
  await client.query(`LISTEN ${CHANNEL}`);
  // One query at a time on the one connection, in the order the writes happened.
  let queue = Promise.resolve();
  return {
    publish(tags) {
      queue = queue
        .then(() => client.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ from: me, tags })]))
        .catch((error) => console.error("page cache purge not sent", error));
    },
    close: () => client.end(),
  };
}
