import { prisma } from "~/utils/db.server";

import type { ShippingInfo } from "../accounts/session.server";

/*
 * Audit item 15: a returning shopper should not type the same address again.
 * The address of their latest order (cancelled ones too: the address was still
 * theirs) prefills the shipping step; the shopper can change any of it.
 * Signed-in orders carry the account's name and e-mail, so only the address
 * part is returned.
 */
export async function lastShippingAddress(userId: number): Promise<ShippingInfo | null> {
  const last = await prisma.order.findFirst({
    where: { userId },
    // Served by the (userId, createdAt DESC) index; number breaks same-instant ties.
    orderBy: [{ createdAt: "desc" }, { number: "desc" }],
    select: { address: true, city: true, postalCode: true, phone: true, deliveryLabel: true },
  });
  if (!last) return null;
  return { ...last, deliveryLabel: last.deliveryLabel === "Office" ? "Office" : "Home" };
}
