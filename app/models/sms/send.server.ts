import type { SmsMessage } from "../mail/outbox.server";
import { renderSms } from "./templates.server";
import { smsTransport } from "./transport.server";

/*
 * Renders and sends (or captures) one outbox row of the SMS channel: called
 * by the send-mail job (mail/send.server.ts) for rows whose channel is "sms",
 * so texts share the e-mails' queue, retry schedule and at-most-once
 * bookkeeping. Throws when the gateway refuses: the job schedules a retry.
 */
export async function deliverSms(row: { to: string; template: string; data: unknown }) {
  const transport = smsTransport();
  const text = await renderSms({ template: row.template, data: row.data } as SmsMessage);
  if (transport.mode === "http") await transport.send(row.to, text);
  // The back office lists messages by subject: a text's is the text itself, so a captured code reads at a glance.
  return { sent: transport.mode === "http", kept: { subject: `SMS: ${text}`, html: null, text } };
}
