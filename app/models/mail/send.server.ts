import { prisma } from "~/utils/db.server";

import { sendQueuedSms } from "../sms/send.server";
import type { MailMessage } from "./outbox.server";
import { renderMail } from "./templates.server";
import { mailTransport, messageIdHost } from "./transport.server";

/*
 * Sends (or captures) one outbox message: the body of the graphile-worker
 * job. A message already sent or captured is skipped, so a job that runs
 * again never mails twice through the shop's own retry. The one window left
 * is a worker killed after the SMTP server accepted the message and before
 * the row says so: that message goes once more after the restart, with the
 * same Message-ID (decision 034 says why this is the guarantee we give).
 */

export type SendAttempt = { attempt: number; maxAttempts: number };

export async function sendQueuedMail(key: string, { attempt, maxAttempts }: SendAttempt): Promise<void> {
  const row = await prisma.mailOutbox.findUnique({ where: { key } });
  if (!row || row.status === "sent" || row.status === "captured") return;
  if (row.channel === "sms") return sendQueuedSms(row, { attempt, maxAttempts });
  const transport = mailTransport();
  const now = new Date();
  let rendered: Awaited<ReturnType<typeof renderMail>> | null = null;
  // What the row keeps: a message with a link keeps a copy without it (issue 27 item 1).
  const keep = (r: typeof rendered) => (r ? (({ subject, html, text }) => ({ subject, html, text }))(r.kept ?? r) : {});
  try {
    rendered = await renderMail({ template: row.template, data: row.data } as MailMessage);
    if (transport.mode === "smtp") {
      await transport.transporter.sendMail({
        from: transport.from,
        to: row.to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: `<${key}@${messageIdHost()}>`,
      });
    }
    await prisma.mailOutbox.update({
      where: { key },
      data: {
        ...keep(rendered),
        status: transport.mode === "smtp" ? "sent" : "captured",
        attempts: attempt,
        lastAttemptAt: now,
        sentAt: new Date(),
        lastError: null,
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn(`mail: ${key} attempt ${attempt} of ${maxAttempts} failed: ${message}`);
    await prisma.mailOutbox.update({
      where: { key },
      data: {
        ...keep(rendered),
        status: attempt >= maxAttempts ? "failed" : "retrying",
        attempts: attempt,
        lastAttemptAt: now,
        lastError: message.slice(0, 500),
      },
    });
    throw error; // graphile-worker schedules the next attempt, backing off
  }
}
