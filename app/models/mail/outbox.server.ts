import type { Lang } from "~/i18n/languages";
import { Prisma } from "@prisma/client";

import type { Tx } from "~/models/platform/index.server";

// The one door into the mail queue. A message is written in the caller's
// transaction, so a committed change always has its e-mail queued and a
// rolled-back one never does; sending happens later, off the request path
// (platform/jobs-worker.server.ts, mail/jobs.server.ts). docs/decisions/034-mail-outbox-and-queue.md.

/** Every message the shop sends, with the data its template needs. */
export type MailMessage =
  | { template: "order-placed"; data: { orderId: string } }
  | { template: "order-cancelled"; data: { orderId: string; reason: string } }
  | { template: "order-delivered"; data: { orderId: string } }
  | { template: "order-paid"; data: { orderId: string } }
  // Issue 28 item 2: the courier and number it was queued for; a message for details corrected since is not sent.
  | { template: "order-shipped"; data: { orderId: string; courier: string; trackingNumber: string | null } }
  // lang: the language of the page the reset was asked from (absent on rows queued before there was one).
  // nonce: the worker derives the link from it (link-token.server.ts); rows queued before that carry url.
  | { template: "password-reset"; data: { name: string; nonce?: string; url?: string; lang?: Lang } }
  // Issue 27 item 2: a new e-mail address is confirmed by a link sent to it, and the old one is told.
  | { template: "email-change"; data: { name: string; nonce: string; newEmail: string; lang?: Lang } }
  | { template: "email-change-notice"; data: { name: string; newEmail: string; lang?: Lang } };

export type MailTemplate = MailMessage["template"];

/** The graphile-worker task that sends one outbox row. */
export const SEND_MAIL_TASK = "send-mail";
/**
 * Attempts graphile-worker itself makes when a send job throws (a database
 * error mid-send; it backs off ~e^n s). A mail server that refuses is not
 * that: send.server.ts schedules its own next attempt (mailRetryDelaySeconds).
 */
export const MAIL_MAX_ATTEMPTS = 8;

/** Text messages (issue 26): the same outbox, so an SMS is never lost and never sent twice either. */
export type SmsMessage =
  | { template: "order-code"; data: { orderId: string; code: string } }
  | { template: "order-shipped"; data: { orderId: string; courier: string; trackingNumber: string | null } };

/** When to send: at once, or after a wait in which a later change may make the message moot (order-messages.server.ts). */
type Timing = { delaySeconds?: number };

/** The first wait after a refused send; it doubles each attempt, up to the cap. */
const FIRST_RETRY_SECONDS = 5;
const retryCapSeconds = () => Number(process.env.MAIL_RETRY_CAP_SECONDS) || 600;
const retryWindowSeconds = () => (Number(process.env.MAIL_RETRY_HOURS) || 24) * 3600;

/** The wait after failed attempt `attempt` (1, 2, …): 5, 10, 20 … s, never more than the cap (10 minutes). */
export function mailRetryDelaySeconds(attempt: number): number {
  return Math.min(retryCapSeconds(), FIRST_RETRY_SECONDS * 2 ** Math.min(30, Math.max(0, attempt - 1)));
}

/**
 * True when a message that failed `attempt` times has used up its day of
 * retries (MAIL_RETRY_HOURS, 24): the waits so far add up to the window.
 * Counted in attempts, not from the queue time, so an admin's retry (which
 * sets attempts back to 0) gives a message a fresh day.
 */
export function mailRetriesExhausted(attempt: number): boolean {
  let waited = 0;
  for (let n = 1; n < attempt; n += 1) waited += mailRetryDelaySeconds(n);
  return waited >= retryWindowSeconds();
}

/**
 * Queues one message inside `tx`: the outbox row and its job, in one
 * statement. `key` names the message for good (`order-placed:<orderId>`):
 * queuing the same key again adds neither a row nor a job. The job's key is
 * the message key, so the queue never holds two jobs for one message.
 */
export async function enqueueMail(tx: Tx, message: MailMessage & { key: string; to: string } & Timing): Promise<void> {
  await enqueue(tx, "email", message);
}

/** Queues a text message to a phone number (`to` is the 11-digit 01XXXXXXXXX form). */
export async function enqueueSms(tx: Tx, message: SmsMessage & { key: string; to: string } & Timing): Promise<void> {
  await enqueue(tx, "sms", message);
}

async function enqueue(tx: Tx, channel: "email" | "sms", message: { key: string; to: string; template: string; data: unknown } & Timing) {
  await tx.$executeRaw`
    WITH m AS (
      INSERT INTO "MailOutbox" (key, "to", template, data, channel)
      VALUES (${message.key}, ${message.to}, ${message.template}, ${JSON.stringify(message.data)}::jsonb, ${channel})
      ON CONFLICT (key) DO NOTHING
      RETURNING key)
    SELECT graphile_worker.add_job(
      ${SEND_MAIL_TASK}, json_build_object('key', m.key),
      run_at => now() + make_interval(secs => ${message.delaySeconds ?? 0}::int),
      job_key => m.key, job_key_mode => 'unsafe_dedupe', max_attempts => ${MAIL_MAX_ATTEMPTS}::int)
    FROM m`;
}

/**
 * The same as enqueueMail / enqueueSms, as two CTEs (`<name>`, `<name>_job`)
 * for a caller that writes its own rows in the same statement (checkout: one
 * round trip fewer); its final SELECT must read `<name>_job`, or PostgreSQL
 * never runs the job's insert.
 */
export function outboxCtes(
  name: "placed_mail" | "code_sms",
  message: ((MailMessage & { channel: "email" }) | (SmsMessage & { channel: "sms" })) & { key: string; to: string },
  { job: withJob = true }: { job?: boolean } = {},
): Prisma.Sql {
  const row = Prisma.raw(`"${name}"`);
  const job = Prisma.raw(`"${name}_job"`);
  const insert = Prisma.sql`
    ${row} AS (
      INSERT INTO "MailOutbox" (key, "to", template, data, channel)
      VALUES (${message.key}, ${message.to}, ${message.template}, ${JSON.stringify(message.data)}::jsonb, ${message.channel})
      ON CONFLICT (key) DO NOTHING
      RETURNING key)`;
  // Without a job of its own the row is sent by whoever queued it (the COD hold's job: cod-hold.server.ts).
  if (!withJob) return insert;
  return Prisma.sql`${insert},
    ${job} AS (
      SELECT graphile_worker.add_job(
        ${SEND_MAIL_TASK}, json_build_object('key', m.key),
        job_key => m.key, job_key_mode => 'unsafe_dedupe', max_attempts => ${MAIL_MAX_ATTEMPTS}::int)
      FROM ${row} m)`;
}
