// One PostgreSQL LISTEN channel, kept open: the page cache's purges between
// instances (server/page-cache-notify.js) and the shoppers the database says
// changed (server/shopper-changes.js) both ride on one of these.
// A LISTEN needs a session connection, never a transaction-pooled one:
// DIRECT_DATABASE_URL when set (PgBouncer in front), else DATABASE_URL.
import pg from "pg";

/** Waits between attempts to listen again after the connection is lost: doubling from 1 s, at most 30 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * @typedef {object} ChannelOptions
 * @property {string} channel the NOTIFY channel (a plain identifier)
 * @property {string} name the connection's application_name, and how the logs name it
 * @property {(payload: string) => void} onMessage every notification's payload, this process's own included
 * @property {() => void} [onListening] each time LISTEN starts, the first time and after every reconnect
 * @property {() => void} [onLost] each time the connection is lost: notifications may be missed until onListening
 * @property {string} [url]
 */

/**
 * Listens on `channel`, and listens again in the background when the
 * connection is lost (the database restarted), with nothing restarted. A
 * database that is down at start does not hold the caller back: it keeps
 * trying. Returns a sender (one statement at a time, in order; dropped while
 * reconnecting) and a close function.
 * @param {ChannelOptions} options
 * @returns {Promise<{ notify: (payload: string) => void, close: () => Promise<void> }>}
 */
export async function openChannel({ channel, name, onMessage, onListening, onLost, url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL }) {
  if (!url) return { notify: () => {}, close: async () => {} };
  /** @type {pg.Client | null} */
  let client = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;

  async function listen() {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: name });
    next.on("error", (error) => console.error(`${name} channel lost: ${error.message}`));
    next.on("end", () => {
      if (client !== next) return;
      client = null;
      onLost?.();
      retry();
    });
    next.on("notification", (message) => {
      try {
        onMessage(message.payload ?? "");
      } catch (error) {
        console.error(`${name}: message not applied`, error);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    retryMs = RETRY_FIRST_MS;
    onListening?.();
  }

  function retry() {
    if (closed || timer) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await listen();
        console.error(`${name} channel: listening again`);
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
    console.error(`${name}: no channel yet (${error instanceof Error ? error.message : error}), trying again in the background`);
    retry();
  }

  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  return {
    notify(payload) {
      const current = client;
      if (!current) return;
      queue = queue
        .then(() => current.query("SELECT pg_notify($1, $2)", [channel, payload]))
        .catch((error) => console.error(`${name}: not sent`, error.message));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
