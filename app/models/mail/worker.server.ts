import { Logger, makeWorkerUtils, run, runMigrations, type Runner, type WorkerEvents, type WorkerUtils } from "graphile-worker";
import pg from "pg";

import { EXPIRE_HOLD_TASK, runHoldJob, type HoldJob } from "~/models/orders/index.server";
import { MAIL_MAX_ATTEMPTS, SEND_MAIL_TASK } from "./outbox.server";
import { sendQueuedMail } from "./send.server";
import { mailIsCapturedInProduction } from "./transport.server";
import { superviseMailWorker, type MailWorker } from "./worker-supervisor.server";

export { mailWorkerStatus, type MailWorker } from "./worker-supervisor.server";

/*
 * The mail worker: graphile-worker (a PostgreSQL job queue) runs the
 * send-mail jobs that enqueueMail adds in the callers' transactions. It runs
 * inside each app instance by default (server.js), or on its own with
 * `npm run worker` and MAIL_WORKER=off on the web instances. Several workers
 * share the queue safely: a job is locked by one worker at a time (FOR UPDATE
 * SKIP LOCKED). It needs a session connection (LISTEN for new jobs), so it
 * connects to DIRECT_DATABASE_URL when set (past a transaction pooler), else
 * DATABASE_URL.
 *
 * A database error can stop graphile-worker's workers for good (a job it
 * cannot release ends its worker: "committing seppuku"), so each instance's
 * runner is supervised (worker-supervisor.server.ts): any stop is followed by
 * a fresh runner, with backoff, and the state is on /healthcheck/mail.
 */

export function queueDatabaseUrl() {
  const url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

// Quiet unless something goes wrong: the shop's log is not the queue's debug log.
// A failed send is logged once, briefly, by send.server.ts and kept on the row.
const logger = new Logger(() => (level, message) => {
  if (/Failed task|failed with error/i.test(message)) return;
  if (level === "error") console.error(`mail worker: ${message}`);
  else if (level === "warning") console.warn(`mail worker: ${message}`);
});

/** The queue's own tables and functions (graphile_worker schema); idempotent, run wherever the app migrates. */
export async function migrateMailQueue(connectionString = queueDatabaseUrl()) {
  await runMigrations({ connectionString, logger });
}

/** A send job locked longer than this belongs to a worker that died mid-send (a send gives up after ~40 s). */
const staleLockSeconds = () => Number(process.env.MAIL_STALE_LOCK_SECONDS || 120);
/**
 * A hold's job is short (one text, at most 15 s, then one transaction), and a
 * stuck one keeps an order's stock held: it is freed sooner (issue 40 #7;
 * decision 079). With the sweep's interval, an expiry taken by a worker that
 * died runs within about a minute of the hold's end.
 */
export const holdStaleLockSeconds = () => Number(process.env.HOLD_STALE_LOCK_SECONDS || 45);

/**
 * Frees the jobs of workers that died holding them (SIGKILL, a lost machine):
 * graphile-worker would otherwise wait 4 hours. Uses its public
 * forceUnlockWorkers on the worker ids holding any job (every task, not only
 * send-mail: issue 40 #7) locked for longer than a live run of its task takes.
 */
async function unlockStaleJobs(utils: WorkerUtils) {
  const ids = await utils.withPgClient(async (client) => {
    const { rows } = await client.query<{ locked_by: string }>(
      `SELECT DISTINCT locked_by FROM graphile_worker.jobs
        WHERE locked_by IS NOT NULL
          AND locked_at < now() - make_interval(secs => CASE WHEN task_identifier = $1 THEN $2::float8 ELSE $3::float8 END)`,
      [EXPIRE_HOLD_TASK, holdStaleLockSeconds(), staleLockSeconds()],
    );
    return rows.map((r) => r.locked_by);
  });
  if (ids.length) {
    console.warn(`mail worker: released the jobs of ${ids.length} stopped worker(s)`);
    await utils.forceUnlockWorkers(ids);
  }
}

export async function startMailWorker({ concurrency = 2 }: { concurrency?: number } = {}): Promise<MailWorker> {
  const connectionString = queueDatabaseUrl();
  if (mailIsCapturedInProduction()) {
    console.warn("mail: SMTP_URL is not set, so no e-mail leaves this shop. Messages are kept for admins at /admin/mail.");
  }
  const pool = queuePool(connectionString, concurrency);
  return superviseMailWorker({
    start: (events) => runQueue(pool, concurrency, events),
    utils: () => makeWorkerUtils({ pgPool: pool, logger }),
    sweep: unlockStaleJobs,
    sweepEveryMs: Math.max(5_000, (Math.min(staleLockSeconds(), holdStaleLockSeconds()) * 1000) / 4),
    release: () => pool.end(),
  });
}

/**
 * The queue's connections, owned here rather than by graphile-worker: its own
 * pool loses its error listeners on release while it is still closing, so a
 * database that stopped next (npm start's Ctrl-C) crashed the process with an
 * unhandled 57P01. This pool keeps its listeners for its whole life, outlives
 * the supervisor's restarts, and is ended last, after the runner.
 */
function queuePool(connectionString: string, concurrency: number) {
  const pool = new pg.Pool({ connectionString, max: concurrency + 3 });
  const lost = (error: Error) => console.error(`mail worker: a queue connection was lost (${error.message})`);
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  return pool;
}

/** One graphile-worker runner; the supervisor starts another when it stops. */
function runQueue(pgPool: pg.Pool, concurrency: number, events: WorkerEvents): Promise<Runner> {
  return run({
    pgPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2_000,
    logger,
    events,
    taskList: {
      [SEND_MAIL_TASK]: async (payload, helpers) => {
        const { key } = payload as { key: string };
        await sendQueuedMail(key, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts ?? MAIL_MAX_ATTEMPTS });
      },
      // An unconfirmed cash-on-delivery order's hold has ended (decision 055).
      [EXPIRE_HOLD_TASK]: async (payload, helpers) => {
        const job = payload as HoldJob;
        // Waiting means a new job under the same key at the hold's end (this one is locked, so add_job
        // gives the key to the new one) and this one ends.
        await runHoldJob(job, async (runAt) => {
          await helpers.addJob(EXPIRE_HOLD_TASK, { orderId: job.orderId }, { runAt, jobKey: `hold:${job.orderId}`, jobKeyMode: "replace", maxAttempts: 25 });
        });
      },
    },
  });
}
