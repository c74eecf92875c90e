import { smsProvider } from "~/models/sms/index.server";

import type { SmsMessage } from "./outbox.server";
import { renderSms } from "./sms-templates.server";

/*
 * Renders one outbox row of the SMS channel and hands it to the SMS provider
 * (sms/, decision 094): called by the send-mail job (send.server.ts) for rows
 * whose channel is "sms", so texts share the e-mails' queue, retry schedule
 * and at-most-once bookkeeping. Throws when the gateway refuses: the job
 * schedules a retry.
 */

/** What the back office shows where a sent text had its cash-on-delivery code. */
export const CODE_HIDDEN = "(code hidden)";

export async function deliverSms(row: { to: string; template: string; data: unknown }) {
  const provider = smsProvider();
  const message = { template: row.template, data: row.data } as SmsMessage;
  const text = await renderSms(message);
  await provider.send(row.to, text);
  // A text that reached a phone keeps a copy without its code (issue 40): the code proves the buyer has that
  // phone, and an admin reading /admin/mail must not be able to stand in for them. A captured text (no SMS_URL,
  // the demo) reaches no phone, so the back office is where its code is read.
  const kept =
    provider.reachesPhone && message.template === "order-code" ? await renderSms({ ...message, data: { ...message.data, code: CODE_HIDDEN } }) : text;
  // The back office lists messages by subject: a text's is the text itself, so a captured code reads at a glance.
  return { sent: provider.reachesPhone, kept: { subject: `SMS: ${kept}`, html: null, text: kept } };
}
