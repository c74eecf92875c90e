import { prisma, type Tx } from "~/models/platform/index.server";

// An order that waits for the shop's call (customers' buyer check asks for it as the order is
// placed) keeps its reason on the order: orders write it and read it back.

/** Marks an order, in its placing transaction, as one that waits for the shop's call (no code is sent). */
export async function markCallNeeded(tx: Tx, orderId: string, reason: string): Promise<void> {
  await tx.$executeRaw`UPDATE "Order" SET "callReason" = ${reason} WHERE id = ${orderId}`;
}

/** Why an order waits for the shop's call; null when it does not (or no longer: it is confirmed or cancelled). */
export async function callReasonOf(orderId: string): Promise<string | null> {
  const row = await prisma.order.findUnique({ where: { id: orderId }, select: { callReason: true, confirmedAt: true, cancelledAt: true } });
  return row && !row.confirmedAt && !row.cancelledAt ? row.callReason : null;
}
