import { prisma } from "~/utils/db.server";

import { toTaka } from "./pricing";

// Placeholder until the orders work lands: the profile page's order history.

export type OrderSummaryDTO = {
  id: string;
  createdAt: string;
  totalPrice: number;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
};

/** A user's orders, newest first. */
export async function listUserOrders(userId: number): Promise<OrderSummaryDTO[]> {
  const rows = await prisma.order.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map((o) => ({
    id: o.id,
    createdAt: o.createdAt.toISOString(),
    totalPrice: toTaka(o.totalPaisa),
    isPaid: o.isPaid,
    paidAt: o.paidAt?.toISOString() ?? null,
    isDelivered: o.isDelivered,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
  }));
}
