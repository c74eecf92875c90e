import { registerAccountJobs } from "~/models/accounts/index.server";
import { registerMailJobs } from "~/models/mail/index.server";
import { registerOrderJobs } from "~/models/orders/index.server";
import { migrateJobQueue, startJobWorker, type JobWorker } from "~/models/platform/index.server";
import { registerShippingJobs } from "~/models/shipping/index.server";

// The one place that asks every domain to register its tasks on the job queue (decision 094),
// for server.js, `npm run worker` and the tests: a domain with a new task adds one line here.
// Send-mail writes order and account messages with steps orders and accounts register here too
// (mail/compose.server.ts): whatever sends mail registers through this list.
// The worker itself (platform/jobs-worker.server.ts) knows no domain.

export function registerAllJobs() {
  registerMailJobs(); // send-mail: e-mails and texts from the outbox
  registerAccountJobs(); // no task: the links in account e-mails, for send-mail
  registerOrderJobs(); // expire-order-hold: a COD order's hold; and what an order message says, for send-mail
  registerShippingJobs(); // courier-poll: parcels' statuses the couriers did not send; courier-payout-poll: payouts
}

/** Registers every domain's tasks and starts this instance's supervised worker. */
export async function startWorker(options?: { concurrency?: number }): Promise<JobWorker> {
  registerAllJobs();
  return startJobWorker(options);
}

export { migrateJobQueue };
export type { JobWorker };
