import { prisma } from "~/utils/db.server";

import { ServiceError } from "./errors.server";
import type { CartLine, Session } from "./session.server";

// The cart keeps only product id, size and quantity; everything shown is read
// from the database on each render (docs/decisions/002-cart-in-the-session-cookie.md).

export function getCartLines(session: Session): CartLine[] {
  return session.get("cart") ?? [];
}

/**
 * Adds a line (merging the same product and size), capped at that size's stock.
 * The caller commits the session.
 */
export async function addToCart(session: Session, input: { productId: number; size: string; qty: number }) {
  const stock = await prisma.productSize.findUnique({
    where: { productId_size: { productId: input.productId, size: input.size } },
    select: { quantity: true },
  });
  if (!stock) throw new ServiceError(400, "Please select a size");
  if (stock.quantity < 1) throw new ServiceError(409, "That size is out of stock");
  const lines = getCartLines(session);
  const existing = lines.find((l) => l.productId === input.productId && l.size === input.size);
  const qty = Math.min(stock.quantity, (existing?.qty ?? 0) + input.qty);
  const next = existing
    ? lines.map((l) => (l === existing ? { ...l, qty } : l))
    : [...lines, { productId: input.productId, size: input.size, qty }];
  session.set("cart", next);
}
