import { prisma } from "./db";

// Orders of a test's own, written straight to the database: the tests that
// use them are about what happens after checkout (the stock the lines took is
// whatever the test's product was created with).

export type TestOrderInput = {
  lines: { product: { id: number; name: string; image: string }; size: string; qty: number; pricePaisa?: number }[];
  name?: string;
  /** The e-mail given at checkout; left out, one of the order's own. */
  email?: string;
  userId?: number | null;
  phone?: string;
  address?: string;
  isPaid?: boolean;
  /** Leave it awaiting cash-on-delivery confirmation, as a guest order is until its code comes back. */
  awaitingConfirmation?: boolean;
};

export async function createTestOrder(input: TestOrderInput) {
  const itemsPaisa = input.lines.reduce((sum, l) => sum + (l.pricePaisa ?? 1000_00) * l.qty, 0);
  const taxPaisa = Math.round(itemsPaisa * 0.15);
  const userId = input.userId ?? null;
  return prisma.order.create({
    data: {
      userId,
      placedAsGuest: userId === null,
      shippingName: input.name ?? "Test Buyer",
      shippingEmail: input.email ?? `buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
      address: input.address ?? "House 12, Road 5, Dhanmondi",
      city: "Dhaka",
      postalCode: "1205",
      phone: input.phone ?? "01711000000",
      itemsPaisa,
      shippingPaisa: 0,
      taxPaisa,
      totalPaisa: itemsPaisa + taxPaisa,
      ...(input.isPaid ? { isPaid: true, paidAt: new Date() } : {}),
      // As an order placed by the shop that needed no code (or had one): confirmed (decision 055).
      ...(input.awaitingConfirmation ? {} : { confirmedAt: new Date(), confirmMethod: "auto" }),
      items: {
        create: input.lines.map((l) => ({
          productId: l.product.id,
          name: l.product.name,
          image: l.product.image,
          pricePaisa: l.pricePaisa ?? 1000_00,
          qty: l.qty,
          selectedSize: l.size,
        })),
      },
    },
  });
}
