import type { CourierName } from "./types";
import { prisma } from "~/models/platform/index.server";

// The parcels the courier poll asks about (issue 36 item 3; decision 094): booked with an API courier,
// not yet at an outcome, and the order still open. Shipping asks; orders owns the table.

/** A courier's word that ends its part: after it, only the shop moves the order (received back). */
const FINAL = ["delivered", "partly_delivered", "returning", "returned", "cancelled"];

export type ParcelToPoll = { orderId: string; courier: CourierName; consignmentId: string };

/** Up to `limit` parcels of these couriers, the least recently polled first, so a long list is read in turns. */
export async function parcelsToPoll(couriers: CourierName[], limit: number): Promise<ParcelToPoll[]> {
  if (couriers.length === 0 || limit <= 0) return [];
  const rows = await prisma.order.findMany({
    where: {
      courier: { in: couriers },
      consignmentId: { not: null },
      cancelledAt: null,
      isDelivered: false,
      OR: [{ courierStatus: null }, { courierStatus: { notIn: FINAL } }],
    },
    orderBy: [{ courierPolledAt: { sort: "asc", nulls: "first" } }, { shippedAt: "asc" }],
    take: limit,
    select: { id: true, courier: true, consignmentId: true },
  });
  return rows.map((r) => ({ orderId: r.id, courier: r.courier as CourierName, consignmentId: r.consignmentId! }));
}

/** These parcels' statuses were read just now (whatever they said). */
export async function markPolled(orderIds: string[]): Promise<void> {
  if (orderIds.length) await prisma.order.updateMany({ where: { id: { in: orderIds } }, data: { courierPolledAt: new Date() } });
}
