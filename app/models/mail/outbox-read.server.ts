import { prisma, type Tx } from "~/models/platform/index.server";

// Outbox rows read back by the domain that enqueued them: the outbox is
// mail's table, the message (its key, its data) is the caller's. Pass `tx`
// when the read belongs to the caller's transaction.

/** One outbox row by its key, or null: how it stands and the data it was rendered from. */
export async function outboxEntry(key: string, db: Tx | typeof prisma = prisma) {
  return db.mailOutbox.findUnique({ where: { key }, select: { status: true, sentAt: true, data: true } });
}

/** The data of every `template` row whose key starts with `keyPrefix` (a message sent more than once). */
export async function outboxData(db: Tx | typeof prisma, template: string, keyPrefix: string): Promise<unknown[]> {
  const rows = await db.mailOutbox.findMany({ where: { template, key: { startsWith: keyPrefix } }, select: { data: true } });
  return rows.map((r) => r.data);
}
