import { linkDomains } from "~/domain-links.server";
import { registerMailJobs } from "~/models/mail/index.server";
import { registerOrderJobs } from "~/models/orders/index.server";
import { migrateJobQueue, startJobWorker, type JobWorker } from "~/models/platform/index.server";
import { registerShippingJobs } from "~/models/shipping/index.server";

// The one place that asks every domain to register its tasks on the job queue (decision 094),
// for server.js, `npm run worker` and the tests: a domain with a new task adds one line here.
// Send-mail writes order and account messages with the steps orders and accounts lend mail
// (app/domain-links.server.ts): they are linked here too, for a worker started without the build.
// The worker itself (platform/jobs-worker.server.ts) knows no domain.

export function registerAllJobs() {
  linkDomains(); // what orders and accounts lend send-mail: an order message's words, a link's token
  registerMailJobs(); // send-mail: e-mails and texts from the outbox
  registerOrderJobs(); // expire-order-hold: a COD order's hold
  registerShippingJobs(); // courier-poll: parcels' statuses the couriers did not send; courier-payout-poll: payouts
}

/** Registers every domain's tasks and starts this instance's supervised worker. */
export async function startWorker(options?: { concurrency?: number }): Promise<JobWorker> {
  registerAllJobs();
  return startJobWorker(options);
}

export { migrateJobQueue };
export type { JobWorker };
