import { Logger, makeWorkerUtils, run, runMigrations, type Runner, type WorkerUtils } from "graphile-worker";

import { EXPIRE_HOLD_TASK, expireHold } from "../orders/cod-hold.server";
import { MAIL_MAX_ATTEMPTS, SEND_MAIL_TASK } from "./outbox.server";
import { sendQueuedMail } from "./send.server";
import { mailIsCapturedInProduction } from "./transport.server";

/*
 * The mail worker: graphile-worker (a PostgreSQL job queue) runs the
 * send-mail jobs that enqueueMail adds in the callers' transactions. It runs
 * inside each app instance by default (server.js), or on its own with
 * `npm run worker` and MAIL_WORKER=off on the web instances. Several workers
 * share the queue safely: a job is locked by one worker at a time (FOR UPDATE
 * SKIP LOCKED). It needs a session connection (LISTEN for new jobs), so it
 * connects to DIRECT_DATABASE_URL when set (past a transaction pooler), else
 * DATABASE_URL.
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

/** A job locked longer than this belongs to a worker that died mid-send (a send gives up after ~40 s). */
const staleLockSeconds = () => Number(process.env.MAIL_STALE_LOCK_SECONDS || 120);

/**
 * Frees the jobs of workers that died holding them (SIGKILL, a lost machine):
 * graphile-worker would otherwise wait 4 hours. Uses its public
 * forceUnlockWorkers on the worker ids whose locks are older than any live send.
 */
async function unlockStaleJobs(utils: WorkerUtils) {
  const ids = await utils.withPgClient(async (client) => {
    const { rows } = await client.query<{ locked_by: string }>(
      `SELECT DISTINCT locked_by FROM graphile_worker.jobs
        WHERE task_identifier = $1 AND locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $2)`,
      [SEND_MAIL_TASK, staleLockSeconds()],
    );
    return rows.map((r) => r.locked_by);
  });
  if (ids.length) {
    console.warn(`mail worker: released the jobs of ${ids.length} stopped worker(s)`);
    await utils.forceUnlockWorkers(ids);
  }
}

export type MailWorker = { stop: () => Promise<void> };

export async function startMailWorker({ concurrency = 2 }: { concurrency?: number } = {}): Promise<MailWorker> {
  const connectionString = queueDatabaseUrl();
  if (mailIsCapturedInProduction()) {
    console.warn("mail: SMTP_URL is not set, so no e-mail leaves this shop. Messages are kept for admins at /admin/mail.");
  }
  const runner: Runner = await run({
    connectionString,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2_000,
    logger,
    taskList: {
      [SEND_MAIL_TASK]: async (payload, helpers) => {
        const { key } = payload as { key: string };
        await sendQueuedMail(key, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts ?? MAIL_MAX_ATTEMPTS });
      },
      // An unconfirmed cash-on-delivery order's hold has ended (decision 055).
      [EXPIRE_HOLD_TASK]: async (payload) => {
        await expireHold((payload as { orderId: string }).orderId);
      },
    },
  });
  const utils = await makeWorkerUtils({ connectionString, logger });
  const sweep = async () => {
    try {
      await unlockStaleJobs(utils);
    } catch (error) {
      console.error("mail worker: stale-lock sweep failed", error);
    }
  };
  await sweep();
  const timer = setInterval(sweep, Math.max(5_000, (staleLockSeconds() * 1000) / 4));
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await runner.stop();
      await utils.release();
    },
  };
}
