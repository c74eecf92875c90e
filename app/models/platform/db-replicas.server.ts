import { AsyncLocalStorage } from "node:async_hooks";

import pg from "pg";

import { isDatabaseUnavailable } from "./db-errors.server";
import { createPool } from "./db-pool.server";

/**
 * Catalogue reads from read replicas (DATABASE_REPLICA_URL), everything else
 * from the primary (docs/decisions/043-read-replicas.md).
 *
 * The routing happens below Prisma, in the connection pool the catalogue's
 * client is given: each query (or read transaction) takes a connection from a
 * healthy replica, or from the primary when
 * - the request carries the read-your-writes mark (its user wrote a moment ago);
 * - no replica is healthy: down, not a standby, or more than
 *   DATABASE_REPLICA_MAX_LAG_SECONDS behind (a replica cut off from a primary
 *   that is down, having replayed all it received, is current: replicaLag);
 * - the replica fails as the query runs (it died between two checks): the
 *   query is run again on the primary, so the shopper never sees a 5xx for it.
 * Only reads use this pool, so running a failed one again is safe.
 */

/** How often each replica is asked whether it is up and how far behind. */
const CHECK_EVERY_MS = Number(process.env.DATABASE_REPLICA_CHECK_MS) || 1_000;
/** A check that takes longer counts as a failure: a frozen replica is as good as a dead one. */
const CHECK_TIMEOUT_MS = 1_500;

/**
 * What the replica knows of itself: whether its WAL receiver streams from the
 * primary, whether it has replayed everything it received, and the age of the
 * last commit it replayed. replicaLag() turns that into "how far behind".
 */
const LAG_SQL = `SELECT pg_is_in_recovery() AS standby,
  EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming') AS streaming,
  (pg_last_wal_receive_lsn() IS NULL OR pg_last_wal_replay_lsn() >= pg_last_wal_receive_lsn()) AS "replayedAll",
  COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0)::float8 AS age`;

export type ReplicaState = { streaming: boolean; replayedAll: boolean; age: number };

/**
 * How far behind the replica is, in seconds, and why.
 * - Streaming: lag by the last replayed commit's time, counted only while WAL
 *   is waiting to be replayed (an idle primary sends nothing, and its replica
 *   is then current, not "minutes behind").
 * - Not streaming, everything received replayed, and the primary unreachable
 *   from here too: current (issue 31 #2). Nothing newer can have been
 *   committed where this instance could write, so it serves the catalogue
 *   while the primary is down.
 * - Not streaming otherwise (the link broke, the primary is up): it cannot know
 *   what it misses, so its age since the last replay counts.
 */
export function replicaLag(state: ReplicaState, primaryDown: boolean): { lag: number; reason: string } {
  if (state.streaming) return { lag: state.replayedAll ? 0 : state.age, reason: "streaming" };
  if (state.replayedAll && primaryDown) return { lag: 0, reason: "primary unreachable, replayed all it received" };
  return { lag: state.age, reason: "not streaming" };
}

/** How long a look at the primary may take before it counts as unreachable. */
const PRIMARY_PROBE_TIMEOUT_MS = 1_500;

type Health = { healthy: boolean; lag: number | null; reason: string };

export class Replica {
  readonly pool: pg.Pool;
  /**
   * The checks' own connection: in the shared pool a check would queue behind
   * a burst of reads and time out, and a busy replica would look frozen and
   * be skipped exactly when it is most useful.
   */
  private readonly checkPool: pg.Pool;
  health: Health = { healthy: false, lag: null, reason: "not checked yet" };
  private timer: NodeJS.Timeout | undefined;

  /** One connection to the primary, opened only while the replica is not streaming (is the primary down?). */
  private primaryPool: pg.Pool | undefined;

  constructor(
    readonly url: string,
    readonly label: string,
    private readonly maxLagSeconds: number,
    private readonly primaryUrl?: string,
  ) {
    this.pool = createPool(url, 10);
    this.checkPool = createPool(url, 1);
  }

  /** True when the primary does not answer `SELECT 1` in time (down, frozen, or PgBouncer refusing). */
  private async primaryDown(): Promise<boolean> {
    if (!this.primaryUrl) return false;
    this.primaryPool ??= createPool(this.primaryUrl, 1);
    try {
      await Promise.race([
        this.primaryPool.query("SELECT 1"),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer in time")), PRIMARY_PROBE_TIMEOUT_MS).unref()),
      ]);
      return false;
    } catch {
      return true;
    }
  }

  /** Asks the replica once; marks it healthy or not, and says so in the log when that changes. */
  async check(): Promise<Health> {
    let next: Health;
    try {
      const result = await Promise.race([
        this.checkPool.query<ReplicaState & { standby: boolean }>(LAG_SQL),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer in time")), CHECK_TIMEOUT_MS).unref()),
      ]);
      const { standby, ...state } = result.rows[0]!;
      const { lag, reason } = replicaLag(state, !state.streaming && state.replayedAll && (await this.primaryDown()));
      if (!standby) next = { healthy: false, lag: null, reason: "not a standby (promoted?)" };
      else if (lag > this.maxLagSeconds) next = { healthy: false, lag, reason: `${lag.toFixed(1)} s behind` };
      else next = { healthy: true, lag, reason };
    } catch (error) {
      next = { healthy: false, lag: null, reason: error instanceof Error ? error.message : String(error) };
    }
    this.setHealth(next);
    return next;
  }

  /** A query just failed on it: skip it until the next check finds it well. */
  markDown(error: unknown) {
    this.setHealth({ healthy: false, lag: null, reason: error instanceof Error ? error.message : String(error) });
  }

  private setHealth(next: Health) {
    if (next.healthy !== this.health.healthy && this.health.reason !== "not checked yet") {
      console.warn(next.healthy ? `replica ${this.label}: back in use` : `replica ${this.label}: skipped, reads go to the primary (${next.reason})`);
    } else if (!next.healthy && this.health.reason === "not checked yet") {
      console.warn(`replica ${this.label}: not in use yet (${next.reason})`);
    }
    this.health = next;
  }

  start() {
    void this.check();
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    for (const pool of [this.pool, this.checkPool, this.primaryPool]) if (pool && !pool.ended) await pool.end();
  }
}

// The read-your-writes mark of the request being served, set by server.js
// (not bundled with the app, hence the registered symbol).
const KEY = Symbol.for("tanabana.primary-reads");
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<boolean> };
const primaryReads = (holder[KEY] ??= new AsyncLocalStorage<boolean>());

/** Runs fn with every read on the primary (tests, and code that must see its own writes). */
export function withPrimaryReads<T>(fn: () => T): T {
  return primaryReads.run(true, fn);
}

/**
 * A pg.Pool as Prisma's adapter sees it (it checks `instanceof pg.Pool`, then
 * calls only `query` and `connect`), handing each call to a replica's pool or
 * the primary's. It never opens a connection of its own.
 */
export class RoutingPool extends pg.Pool {
  private next = 0;

  constructor(
    private readonly primary: pg.Pool,
    readonly replicas: Replica[],
  ) {
    super({ max: 1 });
    // Assigned rather than declared as methods: pg's typings overload both many ways.
    this.query = ((config: pg.QueryConfig) => this.routedQuery(config)) as pg.Pool["query"];
    this.connect = (() => this.routedConnect()) as pg.Pool["connect"];
  }

  /** A healthy replica, in turn, or none (then the primary). */
  pick(): Replica | undefined {
    if (primaryReads.getStore()) return undefined;
    for (let i = 0; i < this.replicas.length; i += 1) {
      const replica = this.replicas[(this.next + i) % this.replicas.length]!;
      if (replica.health.healthy) {
        this.next = (this.next + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  /** The one form Prisma's adapter uses: a config object, answered by a promise. */
  private async routedQuery(config: pg.QueryConfig): Promise<pg.QueryResult> {
    const replica = this.pick();
    if (!replica) return this.primary.query(config);
    try {
      return await replica.pool.query(config);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      replica.markDown(error);
      return this.primary.query(config);
    }
  }

  private async routedConnect(): Promise<pg.PoolClient> {
    const replica = this.pick();
    if (!replica) return this.primary.connect();
    try {
      return await replica.pool.connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      replica.markDown(error);
      return this.primary.connect();
    }
  }

  override async end() {
    await Promise.all(this.replicas.map((r) => r.stop()));
  }
}

/** The replicas named by DATABASE_REPLICA_URL (one URL or a comma-separated list), started. */
export function startReplicas(urls: string | undefined, maxLagSeconds: number, primaryUrl?: string): Replica[] {
  const list = (urls ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  return list.map((url, i) => {
    const replica = new Replica(url, `${i + 1} (${new URL(url).host})`, maxLagSeconds, primaryUrl);
    replica.start();
    return replica;
  });
}
