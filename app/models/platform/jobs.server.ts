import type { CronItem } from "graphile-worker";

/*
 * The jobs registry (issue 39 item 4, decision 094). The queue (graphile-worker
 * in PostgreSQL) belongs to no domain: each domain registers the tasks it owns
 * (mail its sends, orders the COD hold's expiry, shipping the courier poll),
 * and the worker (jobs-worker.server.ts) runs exactly what is registered. A
 * domain's job code therefore lives beside its rules, and the worker imports
 * no domain. app/jobs.server.ts is the one place that asks every domain to
 * register, for the server, `npm run worker` and the tests.
 */

/** What a task may do with the queue while it runs. */
export type JobContext = {
  /** graphile-worker's count of attempts at this job, this one included. */
  attempts: number;
  maxAttempts: number;
  /** Adds a job; a job key already held by the running job passes to the new one (its retry or its next wait). */
  addJob: (
    task: string,
    payload: unknown,
    options?: { runAt?: Date; jobKey?: string; jobKeyMode?: "replace" | "preserve_run_at"; maxAttempts?: number },
  ) => Promise<void>;
};

export type JobDefinition = {
  /** The task identifier on the queue ("send-mail"); names in the queue outlive deploys, so they never change. */
  task: string;
  /** The task's work. A throw is a failed attempt: graphile-worker retries it with backoff. */
  run: (payload: unknown, job: JobContext) => Promise<void>;
  /**
   * A job of this task locked for longer than this belongs to a worker that died mid-run: the
   * sweep frees it for another worker (graphile-worker itself would wait 4 hours). Read on each
   * sweep, so a test can shorten it.
   */
  staleLockSeconds: () => number;
  /**
   * A recurring task: when it is due (a cron pattern or a matcher on the minute), or null when
   * switched off. graphile-worker schedules each due minute once, however many workers run.
   */
  schedule?: () => { match: CronItem["match"]; jobKey?: string } | null;
};

const registry = new Map<string, JobDefinition>();

/** Registers (or replaces: registering again is harmless) one task. */
export function registerJob(definition: JobDefinition): void {
  registry.set(definition.task, definition);
}

/** The tasks registered so far, in registration order. */
export const registeredJobs = (): JobDefinition[] => [...registry.values()];

/**
 * Runs a registered task now, inside the running job (the COD hold sends its code's text this
 * way): the caller names a task, not the domain that owns it.
 */
export async function runJobNow(task: string, payload: unknown, job: JobContext): Promise<void> {
  const definition = registry.get(task);
  if (!definition) throw new Error(`no job task "${task}" is registered`);
  await definition.run(payload, job);
}
