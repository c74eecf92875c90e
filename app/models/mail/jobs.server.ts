import { registerJob } from "~/models/platform/index.server";

import { MAIL_MAX_ATTEMPTS, SEND_MAIL_TASK } from "./outbox.server";
import { sendQueuedMail } from "./send.server";
import { mailIsCapturedInProduction } from "./transport.server";

/** A send job locked longer than this belongs to a worker that died mid-send (a send gives up after ~40 s). */
const staleLockSeconds = () => Number(process.env.MAIL_STALE_LOCK_SECONDS || 120);

/**
 * Mail's task on the job queue (decision 094): send one outbox message, an
 * e-mail or a text (the text through the SMS provider, sms/).
 */
export function registerMailJobs() {
  if (mailIsCapturedInProduction()) {
    console.warn("mail: SMTP_URL is not set, so no e-mail leaves this shop. Messages are kept for admins at /admin/mail.");
  }
  registerJob({
    task: SEND_MAIL_TASK,
    staleLockSeconds,
    run: async (payload, job) => {
      const { key } = payload as { key: string };
      await sendQueuedMail(key, { attempt: job.attempts, maxAttempts: job.maxAttempts ?? MAIL_MAX_ATTEMPTS });
    },
  });
}
