// Carries purges between instances through PostgreSQL LISTEN/NOTIFY, so an
// admin's write on one machine empties the page caches of all of them at once
// rather than when their entries expire (5 s, plus the stale window).
// A LISTEN needs a session connection, never a transaction-pooled one:
// DIRECT_DATABASE_URL when set (PgBouncer in front), else DATABASE_URL.
import crypto from "node:crypto";

import pg from "pg";

const CHANNEL = "page_cache_purge";

/** Waits between attempts to listen again after the connection is lost: doubling from 1 s, at most 30 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Publishes this process's purges and applies the others'. Returns the
 * publisher (call it with the tags of a local write) and a close function.
 * Failures are logged and never fail a write: entries still expire. A lost
 * connection (the database restarted) is opened again in the background, so
 * purges between instances come back with the database, with nothing restarted.
 * @param {(tags: string[]) => void} onRemotePurge
 * @param {string | undefined} [url]
 * @returns {Promise<{ publish: (tags: readonly string[]) => void, close: () => Promise<void> }>}
 */
export async function connectPurgeChannel(onRemotePurge, url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL) {
  if (!url) return { publish: () => {}, close: async () => {} };
  const me = crypto.randomUUID();
  /** @type {pg.Client | null} */
  let client = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;

  async function listen() {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: "page-cache-purge" });
    next.on("error", (error) => console.error(`page cache purge channel lost: ${error.message}`));
    next.on("end", () => {
      if (client !== next) return;
      client = null;
      retry();
    });
    next.on("notification", (message) => {
      try {
        const { from, tags } = /** @type {{ from?: unknown, tags?: unknown }} */ (JSON.parse(message.payload ?? "{}"));
        if (from !== me && Array.isArray(tags) && tags.every((tag) => typeof tag === "string")) onRemotePurge(tags);
      } catch (error) {
        console.error("page cache purge message unreadable", error);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    retryMs = RETRY_FIRST_MS;
  }

  function retry() {
    if (closed || timer) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await listen();
        console.error("page cache purge channel: listening again");
      } catch {
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        retry();
      }
    }, retryMs);
    timer.unref();
  }

  try {
    await listen();
  } catch (error) {
    // A database that is down at start must not hold the server back: entries expire meanwhile.
    console.error(`page cache: no purge channel yet (${error instanceof Error ? error.message : error}), other instances catch up on expiry until it connects`);
    retry();
  }

  // One query at a time on the one connection, in the order the writes happened.
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  return {
    publish(tags) {
      const current = client;
      if (!current) return; // reconnecting: the others' entries expire within their 5 s
      queue = queue
        .then(() => current.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ from: me, tags })]))
        .catch((error) => console.error("page cache purge not sent", error.message));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end();
    },
  };
}
