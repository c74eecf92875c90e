import { registerJob } from "~/models/platform/index.server";

import { PAYOUT_POLL_TASK, payoutCouriers, payoutPollHours, pollPayouts } from "./payout-poll.server";
import { COURIER_POLL_TASK, pollCouriers, pollMinutes } from "./poll.server";

/** A poll reads at most COURIER_POLL_BATCH statuses, one at a time (each ≤ 20 s): one locked longer died. */
const pollStaleLockSeconds = () => Number(process.env.COURIER_POLL_STALE_LOCK_SECONDS || 900);

/** Shipping's tasks on the job queue (decision 094): the courier poll and the payout check (decision 106). */
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
  registerJob({
    task: PAYOUT_POLL_TASK,
    // At most COURIER_PAYOUT_BATCH payments per courier, each read in ≤ 20 s.
    staleLockSeconds: pollStaleLockSeconds,
    run: async () => {
      const { down } = await pollPayouts();
      // Logged by pollPayouts; failing the run makes the queue retry it with backoff.
      if (down.length) throw new Error(`courier payouts: ${down.map((d) => d.courier).join(", ")} could not be read; asked again later`);
    },
    schedule: () => {
      const every = payoutPollHours();
      // Off when switched off, or when no courier that lists its payouts is configured.
      if (every === 0 || payoutCouriers().length === 0) return null;
      // Past the hour (minute 17, away from the top of the hour's other work), every `every` hours of the day.
      return { match: ({ hour, min }) => min === 17 && hour % every === 0, jobKey: PAYOUT_POLL_TASK };
    },
  });
}
