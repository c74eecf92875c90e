import { SEND_MAIL_TASK } from "~/models/mail/index.server";
import { registerJob, runJobNow } from "~/models/platform/index.server";

import { EXPIRE_HOLD_TASK, runHoldJob, type HoldJob } from "./cod-hold.server";

/**
 * A hold's job is short (one text, at most 15 s, then one transaction), and a
 * stuck one keeps an order's stock held: it is freed sooner (issue 40 #7;
 * decision 079). With the sweep's interval, an expiry taken by a worker that
 * died runs within about a minute of the hold's end.
 */
const holdStaleLockSeconds = () => Number(process.env.HOLD_STALE_LOCK_SECONDS || 45);

/**
 * Orders' task on the job queue (decision 094): an unconfirmed cash-on-delivery order's hold
 * (decision 055). What an order message says is lent to mail's send task through
 * app/domain-links.server.ts (`orderComposer`).
 */
export function registerOrderJobs() {
  registerJob({
    task: EXPIRE_HOLD_TASK,
    staleLockSeconds: holdStaleLockSeconds,
    run: async (payload, job) => {
      const hold = payload as HoldJob;
      await runHoldJob(hold, {
        // The code's text is an outbox message: the queue's send task sends it, whoever owns that task.
        send: (key) => runJobNow(SEND_MAIL_TASK, { key }, job),
        // Waiting means a new job under the same key at the hold's end (this one is locked, so add_job
        // gives the key to the new one) and this one ends.
        waitUntil: (runAt) =>
          job.addJob(EXPIRE_HOLD_TASK, { orderId: hold.orderId }, { runAt, jobKey: `hold:${hold.orderId}`, jobKeyMode: "replace", maxAttempts: 25 }),
      });
    },
  });
}
