// Draining an instance on SIGTERM (issue 40 #10, docs/decisions/081-drain-on-sigterm.md).
// A load balancer (Varnish's probe, fly's proxy) learns that an instance is
// going from its health checks, and only a moment later: an instance that
// stopped accepting at once turned the requests sent to it meanwhile into
// 503s (orders included: Varnish retries only reads). So a draining instance
// first fails its health checks while serving everything else as before, and
// stops accepting only after the balancer has had time to notice.
//   DRAIN_DELAY_SECONDS (5): health checks fail, everything else is served.
//   DRAIN_TIMEOUT_SECONDS (15): then the longest wait for requests in flight,
//   and for the worker's jobs, before they are cut (jobs: released to others).

/**
 * @typedef {import("express").Request} Req
 * @typedef {import("express").Response} Res
 * @typedef {import("express").NextFunction} Next
 */

/** @param {string | undefined} value @param {number} fallback */
const seconds = (value, fallback) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n >= 0 ? n * 1000 : fallback * 1000;
};

/** Varnish's probe (deploy/varnish/shop.vcl: every 1 s, sick after 2 failures) notices within ~2 s; 5 s leaves room. */
export const DRAIN_DELAY_MS = seconds(process.env.DRAIN_DELAY_SECONDS, 5);
/** Requests have their own 8 s deadline (server/deadline.js); a mail send may take ~40 s, and is released instead. */
export const DRAIN_TIMEOUT_MS = seconds(process.env.DRAIN_TIMEOUT_SECONDS, 15);

// What balancers probe: /healthcheck (fly) and /healthcheck/reads (Varnish). /healthcheck/mail is about the queue.
const HEALTH_CHECK = /^\/healthcheck(\/reads)?\/?$/;

/**
 * One instance's drain switch and the middleware that obeys it: once
 * `draining` is set, the health checks answer 503 and every answer closes its
 * connection, so that no keep-alive connection outlives the drain.
 */
export function createDrain() {
  const state = { draining: false };
  /** @param {Req} req @param {Res} res @param {Next} next */
  const middleware = (req, res, next) => {
    if (!state.draining) return next();
    res.set("Connection", "close");
    if (!HEALTH_CHECK.test(req.path)) return next();
    res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "5" }).type("text/plain").send("Draining: this instance is shutting down");
  };
  return { state, middleware };
}

/**
 * Stops accepting connections and resolves once the requests in flight have
 * been answered (true), or after `timeoutMs` with the rest cut (false).
 * server.close() ends idle keep-alive connections at once; one that becomes
 * idle later (its answer began before the drain, without Connection: close)
 * is ended by the sweep below.
 * @param {import("node:http").Server} server
 * @param {number} timeoutMs
 * @returns {Promise<boolean>}
 */
export async function closeServer(server, timeoutMs) {
  /** @type {Promise<void>} */
  const closed = new Promise((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), 200);
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    const inTime = await Promise.race([closed.then(() => true), late]);
    if (!inTime) {
      server.closeAllConnections();
      await closed;
    }
    return /** @type {boolean} */ (inTime);
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}

/**
 * SIGTERM and SIGINT drain the process through `stop`, then exit 0; a second
 * signal is someone who will not wait: out at once.
 * @param {() => Promise<void>} stop
 */
export function drainOnSignals(stop) {
  let stopping = false;
  /** @param {NodeJS.Signals} signal */
  const close = (signal) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: draining (health checks fail now; stops accepting in ${DRAIN_DELAY_MS / 1000} s)`);
    // The drain's own bounds should end it; this one covers a close that hangs (a pool that never ends).
    setTimeout(
      () => {
        console.error("drain: still not done, exiting");
        process.exit(1);
      },
      DRAIN_DELAY_MS + DRAIN_TIMEOUT_MS + 10_000,
    ).unref();
    stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", close);
  process.on("SIGINT", close);
}
