import pg from "pg";

/**
 * Bounds on every wait for PostgreSQL, so a crashed or frozen database turns
 * into quick 503s instead of requests that hang (docs/deploy.md: "When the database
 * goes away"). A lock queue of the busiest product (pool of 10, short
 * transactions) stays far below these.
 */
export const DB_LIMITS = {
  /**
   * Waiting for a pooled connection, including opening a new one. Generous:
   * under a burst (200 orders for 10 connections on a busy machine) requests
   * queue here, and a shorter wait would refuse them although nothing is wrong.
   */
  connectMs: Number(process.env.DB_CONNECT_TIMEOUT_MS) || 8_000,
  /**
   * Opening one new connection (TCP and start-up), within the wait above. A
   * healthy server accepts in milliseconds; one whose postmaster is frozen
   * never does, and a request must not wait the whole queue bound for it
   * (issue 19 §7: 8 s before a page answered).
   */
  newConnectionMs: Number(process.env.DB_NEW_CONNECTION_TIMEOUT_MS) || 2_000,
  /** Server side: PostgreSQL cancels a statement running longer (57014). */
  statementMs: Number(process.env.DB_STATEMENT_TIMEOUT_MS) || 4_000,
  /** Client side: a reply that never comes (a frozen server) ends the connection. */
  queryMs: Number(process.env.DB_QUERY_TIMEOUT_MS) || 4_500,
};

export type DbLimits = typeof DB_LIMITS;

/**
 * Scripts (the demo seed, data chores) are not answering anyone: on a busy
 * machine a new connection may take seconds and a bulk statement longer
 * still, and failing fast would only leave a newcomer without a shop
 * (issue 30 item 13). They wait.
 */
export const SCRIPT_LIMITS: DbLimits = {
  connectMs: 120_000,
  newConnectionMs: 60_000,
  statementMs: 300_000,
  queryMs: 310_000,
};

type Release = (error?: Error | boolean) => void;

// The request's deadline (server/deadline.js), shared through a registered symbol; absent outside a request.
const DEADLINE = Symbol.for("tanabana.request-deadline");
const deadlines = globalThis as typeof globalThis & { [DEADLINE]?: { getStore(): unknown; run<T>(store: number, fn: () => T): T } };

/** Milliseconds left before the current request's deadline, or undefined outside a request. */
export function requestTimeLeft(): number | undefined {
  const deadline = deadlines[DEADLINE]?.getStore();
  return typeof deadline === "number" ? deadline - Date.now() : undefined;
}

/**
 * Runs `fn` with the current request's deadline moved to `ms` from now (decision 102). For the
 * few admin actions whose work grows with what was asked (a bulk booking of 500 parcels is 500
 * transactions after the courier's answer), not for anything a shopper waits on: the 2 s
 * deadline stays the rule. Outside a request, `fn` simply runs.
 */
export function withLongerRequestDeadline<T>(ms: number, fn: () => T): T {
  const store = deadlines[DEADLINE];
  return store && requestTimeLeft() !== undefined ? store.run(Date.now() + ms, fn) : fn();
}

/** What a wait that outlived its request's deadline fails with: an outage, answered 503 (db-errors.server.ts). */
const deadlinePassedWhile = (what: string) => new Error(`the request's deadline passed while it waited for ${what}`);

/**
 * `promise`, or a rejection once the current request's deadline passes, for a
 * wait on work another request began (a process cache's shared read): that
 * work keeps the other request's deadline, which may be seconds later (chaos
 * case 11: a cart's 503 page waited 5 s past its own deadline for the header
 * categories). A value already there is returned whatever the time.
 */
export function withinRequestDeadline<T>(promise: Promise<T>, what = "a shared read"): Promise<T> {
  const left = requestTimeLeft();
  if (left === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    // A timer runs after the promise's own callbacks, so a settled promise always wins.
    const timer = setTimeout(() => reject(deadlinePassedWhile(what)), Math.max(0, left));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A query may always take this long, so that a ROLLBACK after the deadline still runs. */
const MIN_QUERY_MS = 1_000;

function destroySocket(client: pg.PoolClient) {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

let lastLogged = 0;
function logConnectionError(error: Error) {
  // One line per second at most: a crashed database fails every connection at once.
  if (Date.now() - lastLogged < 1_000) return;
  lastLogged = Date.now();
  console.error(`database connection lost: ${error.message}`);
}

/**
 * Makes one pooled client safe to lose:
 * - it always has an 'error' listener, so a connection dying while checked
 *   out (57P01 on a server shutdown) can never crash the process;
 * - a connection that died while checked out is handed back to the pool as
 *   broken at once, so the pool drops it even if its borrower (Prisma's
 *   transaction after a failed ROLLBACK) never releases it; the borrower's
 *   own later release is then a no-op;
 * - a query timeout destroys the socket: the reply may still come and the
 *   connection must not be reused behind it.
 */
function guardClient(client: pg.PoolClient, progress: Progress) {
  let release: Release | undefined;
  let checkedOut = false;
  // pg-pool assigns client.release on every checkout; wrap each one.
  Object.defineProperty(client, "release", {
    configurable: true,
    get: () => release,
    set: (fn: Release | undefined) => {
      checkedOut = Boolean(fn);
      release = fn
        ? (error) => {
            if (!checkedOut) return;
            checkedOut = false;
            fn(error);
          }
        : undefined;
    },
  });
  client.on("error", (error: Error) => {
    logConnectionError(error);
    if (checkedOut) release?.(error);
  });
  type Query = (...args: unknown[]) => unknown;
  // The prototype's method, looked up on each call (so instrumentation of pg.Client still sees every query).
  const proto = Object.getPrototypeOf(client) as { query: Query };
  (client as unknown as { query: Query }).query = function guardedQuery(...args: unknown[]) {
    // No query outlasts the request's deadline by more than MIN_QUERY_MS (a frozen server: 503 in
    // time) while the pool's other connections stand still too; one waiting in a queue that moves
    // (a lock many orders wait for) runs on, up to the pool's own bound (decision 108).
    const left = requestTimeLeft();
    const config = args[0];
    const bounded = left !== undefined && left < DB_LIMITS.queryMs && config && typeof config === "object" && !("submit" in config);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (bounded) {
      const began = Date.now();
      const giveUpOrRunOn = () => {
        const now = Date.now();
        if (now - progress.lastBack < PROGRESS_MS && now - began < DB_LIMITS.queryMs) timer = setTimeout(giveUpOrRunOn, PROGRESS_MS);
        // The reply may still come, and the connection must not be reused behind it: the query fails as an outage.
        else destroySocket(client);
      };
      timer = setTimeout(giveUpOrRunOn, Math.max(MIN_QUERY_MS, Math.round(left)));
      // pg-pool's own query() passes a callback; Prisma awaits the promise.
      const callback = args[args.length - 1];
      if (typeof callback === "function") {
        args[args.length - 1] = (...reply: unknown[]) => {
          clearTimeout(timer);
          return (callback as (...a: unknown[]) => unknown)(...reply);
        };
      }
    }
    const result = proto.query.apply(client, args);
    if (result instanceof Promise) {
      result.then(
        () => clearTimeout(timer),
        (error: unknown) => {
          clearTimeout(timer);
          if (error instanceof Error && error.message === "Query read timeout") destroySocket(client);
        },
      );
    }
    return result;
  };
}

/** A client class whose own connect gives up after `newConnectionMs`, whatever the pool's queue wait. */
function clientWithConnectTimeout(newConnectionMs: number) {
  return class QuickConnectClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: newConnectionMs });
    }
  };
}

/**
 * A connection pool: bounded waits, and broken connections evicted (see
 * guardClient). The app's uses DB_LIMITS; scripts pass SCRIPT_LIMITS.
 */
export function createPool(connectionString: string, max = 10, limits: DbLimits = DB_LIMITS) {
  const pool = new pg.Pool({
    Client: clientWithConnectTimeout(limits.newConnectionMs),
    connectionString,
    max,
    connectionTimeoutMillis: limits.connectMs,
    statement_timeout: limits.statementMs,
    query_timeout: limits.queryMs,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  const progress: Progress = { lastBack: 0 };
  pool.on("release", (error: Error | undefined) => {
    if (!error) progress.lastBack = Date.now();
  });
  pool.on("connect", (client) => guardClient(client, progress));
  boundConnectByDeadline(pool, limits.connectMs, progress);
  // Idle clients that die (the database restarted) are dropped by the pool; say so once.
  pool.on("error", logConnectionError);
  return pool;
}

const deadlinePassed = () => new Error("timeout exceeded when trying to connect (the request's deadline passed)");

/**
 * How recently a connection must have come back whole for the pool to count as working. A frozen
 * or dead server hands none back; a busy one (a burst queued on one buyer's or one size's rows)
 * hands one back every few milliseconds.
 */
export const PROGRESS_MS = 500;

/** When a connection last came back to the pool whole. */
type Progress = { lastBack: number };

/**
 * The wait for a pooled connection ends at the request's deadline when that
 * comes before the pool's own bound (DB_LIMITS.connectMs): a request that
 * already spent its time on earlier steps does not queue for the full bound
 * again. But the deadline is there for a database that does not answer
 * (decision 080), and a queue that moves is not one: while connections keep
 * coming back whole (within PROGRESS_MS), a waiter past its deadline waits
 * on, up to the pool's own bound (decision 108; 50 orders of one buyer for
 * the last 5 pieces got 503s for orders that would have been refused 409). A
 * connection that arrives after the wait gave up goes back to the pool.
 */
function boundConnectByDeadline(pool: pg.Pool, connectMs: number, progress: Progress) {
  type Callback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;
  const connect = pool.connect.bind(pool) as (cb?: Callback) => Promise<pg.PoolClient> | undefined;
  const bounded = (left: number) =>
    new Promise<pg.PoolClient>((resolve, reject) => {
      const began = Date.now();
      let late = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUpOrWaitOn = () => {
        const now = Date.now();
        if (now - progress.lastBack < PROGRESS_MS && now - began < connectMs) {
          timer = setTimeout(giveUpOrWaitOn, PROGRESS_MS);
          return;
        }
        late = true;
        reject(deadlinePassed());
      };
      if (left <= 0 && Date.now() - progress.lastBack >= PROGRESS_MS) return reject(deadlinePassed());
      timer = setTimeout(giveUpOrWaitOn, Math.max(0, left));
      (connect() as Promise<pg.PoolClient>).then(
        (client) => {
          clearTimeout(timer);
          if (late) client.release();
          else resolve(client);
        },
        (error: Error) => {
          clearTimeout(timer);
          if (!late) reject(error);
        },
      );
    });
  (pool as unknown as { connect: (cb?: Callback) => Promise<pg.PoolClient> | undefined }).connect = (cb?: Callback) => {
    const left = requestTimeLeft();
    if (left === undefined || left >= connectMs) return connect(cb);
    const waiting = bounded(left);
    if (!cb) return waiting;
    waiting.then(
      (client) => cb(undefined, client, () => client.release()),
      (error: Error) => cb(error),
    );
    return undefined;
  };
}
