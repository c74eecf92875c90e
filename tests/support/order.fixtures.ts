// Shared by the order service tests: products, buyers and an address of their own.
import { expect } from "vitest";

import { prisma } from "~/models/platform/db.server";

import { ServiceError } from "../../app/models/platform/errors.server";

let seq = 0;
export async function product(priceTaka: number, sizes: Record<string, number>, name = `Test Panjabi ${++seq}`) {
  return prisma.product.create({
    data: {
      name,
      pricePaisa: Math.round(priceTaka * 100),
      image: `/images/test-${seq}`,
      brand: "Aarong",
      description: "<p>Cotton</p>",
      sizes: { create: Object.entries(sizes).map(([size, quantity], position) => ({ size, quantity, position })) },
    },
  });
}

export async function user(isAdmin = false) {
  const tag = `${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  return prisma.user.create({
    data: { name: `Buyer ${tag}`, email: `buyer-${tag}@example.com`, passwordHash: "x", isAdmin },
  });
}

export const address = { address: "House 12, Road 5, Dhanmondi", city: "Dhaka", postalCode: "1205", phone: "01711000000", deliveryLabel: "Home" as const };
export const guest = { name: "Guest Buyer", email: "guest@example.com" };

export async function stockOf(productId: number, size: string) {
  const row = await prisma.productSize.findUniqueOrThrow({ where: { productId_size: { productId, size } } });
  return row.quantity;
}

export async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

/**
 * A buyer the shop already knows: an account with one delivered order (under a phone of its own).
 * Its new orders are confirmed at once (decision 093), which is what the tests of shipping,
 * couriers, payouts and mail start from; a new account's first order waits for its code like a guest's.
 */
export async function returningBuyer() {
  const buyer = await user();
  const phone = `019${String(Date.now() + ++seq).slice(-8)}`;
  await prisma.order.create({
    data: {
      userId: buyer.id,
      shippingName: buyer.name,
      shippingEmail: buyer.email,
      ...address,
      phone,
      itemsPaisa: 0,
      shippingPaisa: 0,
      taxPaisa: 0,
      totalPaisa: 0,
      isDelivered: true,
      deliveredAt: new Date(),
    },
  });
  return buyer;
}
