import { EventEmitter } from "node:events";

import type { Runner, WorkerEvents, WorkerUtils } from "graphile-worker";

/*
 * Keeps one instance's job worker running (issue 31 #1). graphile-worker
 * ends a worker for good when it cannot release a job ("Failed to release
 * job …; committing seppuku": PostgreSQL went away mid-send), and a runner
 * whose workers have all ended sends nothing and says nothing. So any
 * worker's fatal error, or the runner's own end, stops that runner and starts
 * a new one: after 1 s, doubling to 30 s while the database stays away. The
 * jobs the old workers held are released at once when the new runner is up
 * (they are ours and dead), not after the stale-lock wait.
 */

/**
 * stop(): no new jobs; the ones running finish. With `timeoutMs` (a draining
 * instance, decision 081) those still running then are released at once, so
 * another instance runs them now rather than after the stale-lock wait.
 */
export type JobWorker = { stop: (options?: { timeoutMs?: number }) => Promise<void> };

type State = { down: boolean; downSince: number | null; lastError: string | null; restarts: number };

/** Every supervised worker in this process (one per app instance; the tests start two). */
const states = new Set<State>();

export type JobWorkerStatus = { workers: number; down: number; downSince: string | null; lastError: string | null; restarts: number };

/** This process's job workers: how many, how many down and since when, and restarts so far. */
export function jobWorkerStatus(): JobWorkerStatus {
  const all = [...states];
  const down = all.filter((s) => s.down);
  const since = down.map((s) => s.downSince ?? Date.now());
  return {
    workers: all.length,
    down: down.length,
    downSince: since.length ? new Date(Math.min(...since)).toISOString() : null,
    lastError: down[0]?.lastError ?? null,
    restarts: all.reduce((n, s) => n + s.restarts, 0),
  };
}

const FIRST_DELAY_MS = () => Number(process.env.MAIL_WORKER_RESTART_MS) || 1_000;
const MAX_DELAY_MS = 30_000;
/** A runner that lasted this long was a success: the next failure starts from the first delay again. */
const STABLE_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 300);

type Options = {
  start: (events: WorkerEvents) => Promise<Runner>;
  utils: () => Promise<WorkerUtils>;
  sweep: (utils: WorkerUtils) => Promise<void>;
  sweepEveryMs: number;
  /** Ends what the runners share (their connection pool), after the last runner has stopped. */
  release?: () => Promise<void>;
};

/** Starts the runner (waiting for the first try only) and keeps it running until stop(). */
export async function superviseJobWorker({ start, utils: makeUtils, sweep, sweepEveryMs, release }: Options): Promise<JobWorker> {
  const state: State = { down: true, downSince: Date.now(), lastError: "starting", restarts: 0 };
  states.add(state);
  let runner: Runner | null = null;
  /** The running runner's worker ids: whose jobs a stop that runs out of time releases. */
  let runnerIds: string[] = [];
  let stopped = false;
  let delay = FIRST_DELAY_MS();
  let retry: NodeJS.Timeout | undefined;
  let startedAt = 0;
  /** Worker ids of stopped runners whose locked jobs are still to be released. */
  let dead: string[] = [];
  let utils: WorkerUtils | null = null;

  const withUtils = async <T>(fn: (u: WorkerUtils) => Promise<T>): Promise<T> => {
    utils ??= await makeUtils();
    return fn(utils);
  };

  const releaseDead = async () => {
    if (dead.length === 0) return;
    const ids = dead;
    await withUtils((u) => u.forceUnlockWorkers(ids));
    dead = dead.filter((id) => !ids.includes(id));
    console.warn(`job worker: released the jobs of ${ids.length} stopped worker(s)`);
  };

  const attempt = async () => {
    if (stopped) return;
    const events = new EventEmitter() as WorkerEvents;
    const ids: string[] = [];
    events.on("worker:create", ({ worker }) => void ids.push(worker.workerId));
    let current: Runner;
    try {
      current = await start(events);
    } catch (error) {
      state.lastError = reason(error);
      console.error(`job worker: could not start (${state.lastError}); trying again in ${delay / 1000} s`);
      schedule();
      return;
    }
    if (stopped) {
      await current.stop().catch(() => {});
      return;
    }
    runner = current;
    runnerIds = ids;
    startedAt = Date.now();
    if (state.down && state.restarts > 0) {
      console.error(`job worker: running again after ${Math.round((Date.now() - (state.downSince ?? Date.now())) / 1000)} s`);
    }
    Object.assign(state, { down: false, downSince: null, lastError: null });
    const onStop = (error: unknown) => void restart(current, ids, error);
    events.on("worker:fatalError", ({ error }) => onStop(error));
    current.promise.then(
      () => onStop(new Error("the runner ended")),
      (error: unknown) => onStop(error),
    );
    await releaseDead().catch((error) => console.error(`job worker: could not release stopped workers' jobs yet (${reason(error)})`));
  };

  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => void attempt(), delay);
    retry.unref?.();
    delay = Math.min(MAX_DELAY_MS, delay * 2);
  };

  const restart = async (old: Runner, ids: string[], error: unknown) => {
    if (stopped || runner !== old) return; // stopping on purpose, or this runner was replaced already
    runner = null;
    if (Date.now() - startedAt > STABLE_MS) delay = FIRST_DELAY_MS();
    Object.assign(state, { down: true, downSince: Date.now(), lastError: reason(error) });
    state.restarts += 1;
    console.error(`job worker: stopped (${state.lastError}); starting a new one in ${delay / 1000} s`);
    // The old runner's remaining workers finish their jobs, briefly; a dead database must not hold the restart.
    await Promise.race([old.stop().catch(() => {}), sleep(5_000)]);
    dead.push(...ids);
    schedule();
  };

  const sweepTimer = setInterval(() => {
    if (!runner) return;
    withUtils(async (u) => {
      await releaseDead();
      await sweep(u);
    }).catch((error) => console.error(`job worker: stale-lock sweep failed (${reason(error)})`));
  }, sweepEveryMs);
  sweepTimer.unref?.();

  await attempt();
  if (runner) await withUtils(sweep).catch((error) => console.error(`job worker: stale-lock sweep failed (${reason(error)})`));

  return {
    stop: async ({ timeoutMs }: { timeoutMs?: number } = {}) => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(sweepTimer);
      states.delete(state);
      const current = runner;
      runner = null;
      const finished = current
        ? current.stop().then(
            () => true,
            () => true,
          )
        : Promise.resolve(true);
      const inTime = timeoutMs === undefined ? await finished : await Promise.race([finished, sleep(timeoutMs).then(() => false)]);
      // Jobs still running belong to a process about to exit: freed now, another instance's worker takes them.
      if (!inTime) dead.push(...runnerIds);
      const released = releaseDead().catch((error) => console.error(`job worker: could not release its jobs (${reason(error)})`));
      await (timeoutMs === undefined ? released : Promise.race([released, sleep(timeoutMs)]));
      await Promise.resolve(utils?.release()).catch(() => {});
      // Still waiting for a job that never ends, the pool would never end either: the process is exiting.
      if (inTime) await release?.().catch(() => {});
    },
  };
}
