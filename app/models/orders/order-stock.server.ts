import type { Tx } from "~/models/platform/index.server";

import { keyedError } from "~/models/platform/index.server";

/**
 * Atomic check-and-decrement of one size: a concurrent order waits for the
 * row's lock and then re-checks `quantity >= qty` against the new value, so
 * stock never goes below zero. Throws a 409 naming the product and size.
 */
export async function takeStock(tx: Tx, l: { productId: number; size: string; qty: number; product: { name: string } }) {
  // Raw: the hottest write in the shop, and Prisma's query compiler cost more than the update.
  const count = await tx.$executeRaw`
    UPDATE "ProductSize" SET quantity = quantity - ${l.qty}::int
    WHERE "productId" = ${l.productId}::int AND size = ${l.size} AND quantity >= ${l.qty}::int`;
  if (count === 1) return;
  const left = await tx.productSize.findUnique({
    where: { productId_size: { productId: l.productId, size: l.size } },
    select: { quantity: true },
  });
  const qty = left?.quantity ?? 0;
  const values = { qty, name: l.product.name, size: l.size };
  throw keyedError(409, { key: qty > 0 ? "Only {{qty}} left of {{name}} in size {{size}}" : "{{name}} is out of stock in size {{size}}", values });
}
