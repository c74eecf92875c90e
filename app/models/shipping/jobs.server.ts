import { registerJob } from "~/models/platform/index.server";

import { COURIER_POLL_TASK, pollCouriers, pollMinutes } from "./poll.server";

/** A poll reads at most COURIER_POLL_BATCH statuses, one at a time (each ≤ 20 s): one locked longer died. */
const pollStaleLockSeconds = () => Number(process.env.COURIER_POLL_STALE_LOCK_SECONDS || 900);

/** Shipping's task on the job queue (decision 094): the courier poll, every COURIER_POLL_MINUTES. */
export function registerShippingJobs() {
  registerJob({
    task: COURIER_POLL_TASK,
    staleLockSeconds: pollStaleLockSeconds,
    run: async () => {
      const { down } = await pollCouriers();
      // A failed run is retried by the queue with backoff (and replaced by the next scheduled one).
      if (down.length) throw new Error(`courier poll: ${down.join(", ")} did not answer; their parcels are asked again later`);
    },
    schedule: () => {
      const every = pollMinutes();
      if (every === 0) return null;
      // Every `every` minutes of the day (graphile-worker schedules each minute once, whatever the instances).
      return { match: ({ hour, min }) => (hour * 60 + min) % every === 0, jobKey: COURIER_POLL_TASK };
    },
  });
}
