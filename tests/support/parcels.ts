import { cashToCollectPaisa } from "~/utils/money";

import { createTestProduct, uniqueTag } from "./catalogue";
import { prisma } from "./db";
import { createTestOrder } from "./orders";

// A confirmed order already handed to a courier with a consignment id, written
// straight to the database: booking is another part's job (issue 36 item 2),
// the webhook tests start from a parcel on the road.

export const WEBHOOK_SECRETS = { steadfast: "test-steadfast-token", pathao: "test-pathao-secret", redx: "test-redx-token" } as const;

export async function shippedParcel(courier: "steadfast" | "pathao" | "redx", { qty = 1, userId = null as number | null } = {}) {
  const product = await createTestProduct({ name: `Parcel Kurta ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
  await prisma.productSize.updateMany({ where: { productId: product.id, size: "M" }, data: { quantity: { decrement: qty } } });
  const order = await createTestOrder({ lines: [{ product, size: "M", qty }], userId });
  const consignmentId = `${courier.slice(0, 2).toUpperCase()}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`.toUpperCase();
  const codToCollectPaisa = cashToCollectPaisa(order.totalPaisa);
  await prisma.order.update({
    where: { id: order.id },
    data: { shippedAt: new Date(), courier, trackingNumber: consignmentId, consignmentId, courierStatus: "booked", codToCollectPaisa },
  });
  return { order, product, consignmentId, codTaka: codToCollectPaisa / 100 };
}

export async function stockOf(productId: number) {
  return (await prisma.productSize.findFirstOrThrow({ where: { productId, size: "M" } })).quantity;
}
