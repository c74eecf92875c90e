import type { Prisma } from "@prisma/client";

import type { Tx } from "~/utils/db.server";

// The one door into the mail queue. A message is written in the caller's
// transaction, so a committed change always has its e-mail queued and a
// rolled-back one never does; sending happens later, off the request path.

/** Every message the shop sends, with the data its template needs. */
export type MailMessage =
  | { template: "order-placed"; data: { orderId: string } }
  | { template: "order-cancelled"; data: { orderId: string; reason: string } }
  | { template: "order-delivered"; data: { orderId: string } }
  | { template: "order-paid"; data: { orderId: string } }
  | { template: "password-reset"; data: { name: string; url: string } };

export type MailTemplate = MailMessage["template"];

/**
 * Queues one message inside `tx`. `key` names the message for good
 * (`order-placed:<orderId>`): queuing the same key again is a no-op.
 */
export async function enqueueMail(tx: Tx, message: MailMessage & { key: string; to: string }): Promise<void> {
  await tx.mailOutbox.upsert({
    where: { key: message.key },
    create: { key: message.key, to: message.to, template: message.template, data: message.data as Prisma.InputJsonValue },
    update: {},
  });
}
