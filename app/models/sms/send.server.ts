import { prisma } from "~/utils/db.server";

import type { SmsMessage } from "../mail/outbox.server";
import { renderSms } from "./templates.server";
import { smsTransport } from "./transport.server";

/*
 * Sends (or captures) one outbox row of the SMS channel: called by the
 * send-mail job (mail/send.server.ts) for rows whose channel is "sms", so
 * texts share the e-mails' queue, retries and at-most-once bookkeeping.
 */
export async function sendQueuedSms(
  row: { key: string; to: string; template: string; data: unknown },
  { attempt, maxAttempts }: { attempt: number; maxAttempts: number },
): Promise<void> {
  const transport = smsTransport();
  const now = new Date();
  let text: string | null = null;
  try {
    text = await renderSms({ template: row.template, data: row.data } as SmsMessage);
    if (transport.mode === "http") await transport.send(row.to, text);
    await prisma.mailOutbox.update({
      where: { key: row.key },
      data: {
        text,
        // The back office lists messages by subject: a text's is the text itself, so a captured code reads at a glance.
        subject: `SMS: ${text}`,
        status: transport.mode === "http" ? "sent" : "captured",
        attempts: attempt,
        lastAttemptAt: now,
        sentAt: new Date(),
        lastError: null,
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn(`sms: ${row.key} attempt ${attempt} of ${maxAttempts} failed: ${message}`);
    await prisma.mailOutbox.update({
      where: { key: row.key },
      data: {
        ...(text ? { text } : {}),
        status: attempt >= maxAttempts ? "failed" : "retrying",
        attempts: attempt,
        lastAttemptAt: now,
        lastError: message.slice(0, 500),
      },
    });
    throw error; // the queue schedules the next attempt, backing off
  }
}
