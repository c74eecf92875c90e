import { DELIVERY_LABELS } from "~/schemas/shipping";
import { prisma } from "~/models/platform/index.server";

import type { ShippingInfo } from "~/models/accounts/index.server";

/**
 * Where a signed-in shopper's most recent order went, to fill in the
 * shipping form of the next checkout (issue 22 item 15). The shopper's name
 * and e-mail come from the account, as the order's do. Null before the
 * first order.
 */
export async function lastShippingAddress(userId: number): Promise<ShippingInfo | null> {
  const last = await prisma.order.findFirst({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { address: true, city: true, postalCode: true, phone: true, deliveryLabel: true },
  });
  if (!last) return null;
  const label = DELIVERY_LABELS.find((l) => l === last.deliveryLabel) ?? "Home";
  return { address: last.address, city: last.city, postalCode: last.postalCode, phone: last.phone, deliveryLabel: label };
}
