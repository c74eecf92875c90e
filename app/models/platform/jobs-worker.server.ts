import { Logger, makeWorkerUtils, parseCronItems, run, runMigrations, type Runner, type TaskList, type WorkerEvents, type WorkerUtils } from "graphile-worker";
import pg from "pg";

import { registeredJobs, type JobDefinition } from "./jobs.server";
import { superviseJobWorker, type JobWorker } from "./jobs-supervisor.server";

export { jobWorkerStatus, type JobWorker, type JobWorkerStatus } from "./jobs-supervisor.server";

/*
 * The job worker: graphile-worker (a PostgreSQL job queue) runs the tasks the
 * domains registered (jobs.server.ts): mail's sends, orders' hold expiry,
 * shipping's courier poll. It runs inside each app instance by default
 * (server.js), or on its own with `npm run worker` and MAIL_WORKER=off on the
 * web instances. Several workers share the queue safely: a job is locked by
 * one worker at a time (FOR UPDATE SKIP LOCKED), and a recurring task's minute
 * is scheduled once. It needs a session connection (LISTEN for new jobs), so
 * it connects to DIRECT_DATABASE_URL when set (past a transaction pooler),
 * else DATABASE_URL.
 *
 * A database error can stop graphile-worker's workers for good (a job it
 * cannot release ends its worker: "committing seppuku"), so each instance's
 * runner is supervised (jobs-supervisor.server.ts): any stop is followed by
 * a fresh runner, with backoff, and the state is on /healthcheck/mail.
 */

export function queueDatabaseUrl() {
  const url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

// Quiet unless something goes wrong: the shop's log is not the queue's debug log.
// A failed attempt is logged once, briefly, by the task that knows what failed.
const logger = new Logger(() => (level, message) => {
  if (/Failed task|failed with error/i.test(message)) return;
  if (level === "error") console.error(`job worker: ${message}`);
  else if (level === "warning") console.warn(`job worker: ${message}`);
});

/** The queue's own tables and functions (graphile_worker schema); idempotent, run wherever the app migrates. */
export async function migrateJobQueue(connectionString = queueDatabaseUrl()) {
  await runMigrations({ connectionString, logger });
}

/**
 * Frees the jobs of workers that died holding them (SIGKILL, a lost machine):
 * graphile-worker would otherwise wait 4 hours. Uses its public
 * forceUnlockWorkers on the worker ids holding any job locked for longer than
 * a live run of its task takes (each task says how long: issue 40 #7).
 */
async function unlockStaleJobs(utils: WorkerUtils, jobs: JobDefinition[]) {
  const fallback = Math.max(...jobs.map((j) => j.staleLockSeconds()), 120);
  const ids = await utils.withPgClient(async (client) => {
    const { rows } = await client.query<{ locked_by: string }>(
      `SELECT DISTINCT j.locked_by FROM graphile_worker.jobs j
         LEFT JOIN unnest($1::text[], $2::float8[]) AS t(task, secs) ON t.task = j.task_identifier
        WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - make_interval(secs => coalesce(t.secs, $3::float8))`,
      [jobs.map((j) => j.task), jobs.map((j) => j.staleLockSeconds()), fallback],
    );
    return rows.map((r) => r.locked_by);
  });
  if (ids.length) {
    console.warn(`job worker: released the jobs of ${ids.length} stopped worker(s)`);
    await utils.forceUnlockWorkers(ids);
  }
}

export async function startJobWorker({ concurrency = 2 }: { concurrency?: number } = {}): Promise<JobWorker> {
  const jobs = registeredJobs();
  if (jobs.length === 0) throw new Error("no job task is registered: call registerAllJobs (app/jobs.server.ts) first");
  const pool = queuePool(queueDatabaseUrl(), concurrency);
  const shortest = Math.min(...jobs.map((j) => j.staleLockSeconds()));
  return superviseJobWorker({
    start: (events) => runQueue(pool, concurrency, events, jobs),
    utils: () => makeWorkerUtils({ pgPool: pool, logger }),
    sweep: (utils) => unlockStaleJobs(utils, jobs),
    sweepEveryMs: Math.max(5_000, (shortest * 1000) / 4),
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
  const lost = (error: Error) => console.error(`job worker: a queue connection was lost (${error.message})`);
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  return pool;
}

/** One graphile-worker runner over the registered tasks; the supervisor starts another when it stops. */
function runQueue(pgPool: pg.Pool, concurrency: number, events: WorkerEvents, jobs: JobDefinition[]): Promise<Runner> {
  const taskList: TaskList = {};
  for (const job of jobs) {
    taskList[job.task] = (payload, helpers) =>
      job.run(payload, {
        attempts: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        addJob: async (task, p, options) => void (await helpers.addJob(task, p as never, options)),
      });
  }
  const cron = jobs.flatMap((job) => {
    const when = job.schedule?.();
    return when
      ? [{ task: job.task, identifier: job.task, match: when.match, options: { backfillPeriod: 0, jobKey: when.jobKey, jobKeyMode: "replace" as const } }]
      : [];
  });
  return run({
    pgPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2_000,
    logger,
    events,
    taskList,
    ...(cron.length ? { parsedCronItems: parseCronItems(cron) } : {}),
  });
}
