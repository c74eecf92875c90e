import { prisma } from "~/models/platform/index.server";

import { mootReason } from "./compose.server";
import { mailRetriesExhausted, mailRetryDelaySeconds, MAIL_MAX_ATTEMPTS, SEND_MAIL_TASK, type MailMessage } from "./outbox.server";
import { deliverSms } from "./sms-send.server";
import { renderMail } from "./templates.server";
import { mailTransport, messageIdHost } from "./transport.server";

/*
 * Sends (or captures) one outbox message, e-mail or text: the body of the
 * graphile-worker job. A message already sent or captured is skipped, so a
 * job that runs again never sends twice through the shop's own retry. The one
 * window left is a worker killed after the server accepted the message and
 * before the row says so: that message goes once more after the restart, with
 * the same Message-ID (decision 034 says why this is the guarantee we give).
 *
 * A refused send schedules its own next attempt (5 s doubling to a 10-minute
 * cap, for a day: outbox.server.ts) and the job ends; a send that succeeds
 * wakes every message waiting out such a delay, since the server is evidently
 * back (issue 31 #5). A database error still throws, and graphile-worker
 * retries the job.
 */

/** `attempt` is graphile-worker's count for this job; the message's own count is on its row. */
export type SendAttempt = { attempt: number; maxAttempts: number };

/** What the row keeps of a message: a message with a link keeps a copy without it (issue 27 item 1). */
type Kept = { subject: string | null; html: string | null; text: string };

/** Renders and hands one e-mail to SMTP (or captures it); returns what the row keeps. */
async function deliverMail(row: { key: string; to: string; template: string; data: unknown }): Promise<{ sent: boolean; kept: Kept }> {
  const transport = mailTransport();
  const { lang, kept, ...content } = await renderMail({ template: row.template, data: row.data } as MailMessage);
  if (transport.mode === "smtp") {
    await transport.transporter.sendMail({
      from: transport.from,
      to: row.to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      messageId: `<${row.key}@${messageIdHost()}>`,
      headers: { "Content-Language": lang },
    });
  }
  const k = kept ?? content;
  return { sent: transport.mode === "smtp", kept: { subject: k.subject, html: k.html, text: k.text } };
}

export async function sendQueuedMail(key: string, _job?: SendAttempt): Promise<void> {
  const row = await prisma.mailOutbox.findUnique({ where: { key } });
  if (!row || row.status === "sent" || row.status === "captured" || row.status === "skipped") return;
  const attempt = row.attempts + 1;
  const now = new Date();
  // A later change already says this (paid with delivered) or undid it (a corrected tracking number): orders' step says which.
  const moot = await mootReason(row);
  if (moot) {
    await prisma.mailOutbox.update({ where: { key }, data: { status: "skipped", lastError: moot, lastAttemptAt: now } });
    return;
  }
  let delivered: { sent: boolean; kept: Kept };
  try {
    delivered = row.channel === "sms" ? await deliverSms(row) : await deliverMail(row);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failed = mailRetriesExhausted(attempt);
    const delay = mailRetryDelaySeconds(attempt);
    console.warn(
      `${row.channel === "sms" ? "sms" : "mail"}: ${key} attempt ${attempt} failed${failed ? ", giving up after a day of retries" : `, next in ${delay} s`}: ${message}`,
    );
    await prisma.$transaction(async (tx) => {
      await tx.mailOutbox.update({
        where: { key },
        data: { status: failed ? "failed" : "retrying", attempts: attempt, lastAttemptAt: now, lastError: message.slice(0, 500) },
      });
      if (failed) return;
      // The running job is locked, so add_job gives the key to a new job at the later time and this one ends.
      await tx.$executeRaw`
        SELECT graphile_worker.add_job(${SEND_MAIL_TASK}, json_build_object('key', ${key}::text),
          run_at => now() + make_interval(secs => ${delay}::int), job_key => ${key}::text, job_key_mode => 'replace',
          max_attempts => ${MAIL_MAX_ATTEMPTS}::int)`;
    });
    return;
  }
  await prisma.mailOutbox.update({
    where: { key },
    data: { ...delivered.kept, status: delivered.sent ? "sent" : "captured", attempts: attempt, lastAttemptAt: now, sentAt: new Date(), lastError: null },
  });
  if (delivered.sent) await wakeWaitingMail(row.channel === "sms" ? "sms" : "email");
}

/**
 * Messages waiting out a retry delay go now: a send just succeeded, so the
 * mail server (or, for a text, the SMS gateway: issue 40 #8) is back. Only
 * that channel's messages, as the other goes through another server. Only
 * unlocked send jobs due later (the retries scheduled above; a paid, shipped
 * or delivered message's settle wait is not one). A woken text whose moment
 * has passed is then dropped, not sent (mootReason).
 */
export async function wakeWaitingMail(channel: "email" | "sms" = "email"): Promise<number> {
  const rows = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker.reschedule_jobs(
      ARRAY(SELECT id FROM graphile_worker.jobs
             WHERE task_identifier = ${SEND_MAIL_TASK} AND locked_at IS NULL AND run_at > now() + interval '1 second'
               -- Only retries (a job's key is its message's): a message in its settle window keeps waiting.
               AND key IN (SELECT key FROM "MailOutbox" WHERE status = 'retrying' AND channel = ${channel})),
      run_at => now())`;
  const woken = rows[0]?.n ?? 0;
  if (woken > 0) console.warn(`${channel === "sms" ? "sms" : "mail"}: a send went through, so ${woken} waiting message(s) go now`);
  return woken;
}
