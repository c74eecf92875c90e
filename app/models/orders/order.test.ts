import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { ServiceError } from "~/models/platform/index.server";
import { address, guest, product, rejection, stockOf, user } from "../../../tests/support/order.fixtures";
import { getOrderForViewer, placeOrder, PRICES_CHANGED, type PlaceOrderInput } from "./order.server";

describe("placeOrder", () => {
  it("prices on the server, decrements stock and copies the items", async () => {
    const p = await product(19.99, { M: 5, L: 2 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 3 }], shippingAddress: address });
    expect(order).toMatchObject({
      user: null,
      itemsPrice: 59.97,
      shippingPrice: 10,
      taxPrice: 9,
      totalPrice: 78.97,
      isPaid: false,
      paymentMethod: "Cash on Delivery",
      shippingAddress: { ...address, name: "Guest Buyer", email: "guest@example.com", country: "Bangladesh" },
      orderItems: [{ product: p.id, name: p.name, image: p.image, price: 19.99, qty: 3, selectedSize: "M" }],
    });
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stockOf(p.id, "M")).toBe(2);
    expect(await stockOf(p.id, "L")).toBe(2);
  });

  it("answers with the order exactly as a later read finds it (signed in, two lines, in order)", async () => {
    const p = await product(250, { S: 4, M: 4 });
    const buyer = await user();
    const placed = await placeOrder({
      userId: buyer.id,
      lines: [
        { productId: p.id, size: "M", qty: 1 },
        { productId: p.id, size: "S", qty: 2 },
      ],
      shippingAddress: { ...address, country: "India" },
    });
    expect(placed.user).toEqual({ id: buyer.id, name: buyer.name });
    expect(placed.orderItems.map((i) => i.selectedSize)).toEqual(["M", "S"]);
    expect(placed.orderNumber).toMatch(/^TB-\d+$/);
    // The reader also gets what they may do now: their own unpaid order, they may cancel.
    expect(await getOrderForViewer(placed.id, { id: buyer.id, isAdmin: false })).toEqual({ ...placed, actions: ["cancel"] });
  });

  it("applies the best active discount and ships free above 100", async () => {
    const p = await product(1000, { XL: 3 });
    await prisma.discount.create({ data: { productId: p.id, percentage: 20 } });
    await prisma.discount.create({ data: { categoryId: 1, percentage: 10 } });
    await prisma.discount.create({ data: { productId: p.id, percentage: 50, isActive: false } });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "XL", qty: 1 }], shippingAddress: address, clientTotalPrice: 920 });
    expect(order).toMatchObject({ itemsPrice: 800, shippingPrice: 0, taxPrice: 120, totalPrice: 920 });
    expect(order.orderItems[0]!.price).toBe(800);
    await prisma.discount.deleteMany({ where: { categoryId: 1 } });
  });

  it("merges repeated lines of the same size", async () => {
    const p = await product(10, { S: 3 });
    const order = await placeOrder({
      ...guest,
      lines: [
        { productId: p.id, size: "S", qty: 1 },
        { productId: p.id, size: "S", qty: 2 },
      ],
      shippingAddress: address,
    });
    expect(order.orderItems).toHaveLength(1);
    expect(order.orderItems[0]!.qty).toBe(3);
    expect(await stockOf(p.id, "S")).toBe(0);
  });

  it("rolls everything back when a later line lacks stock, naming the product and size", async () => {
    const plenty = await product(50, { M: 10 });
    const scarce = await product(60, { L: 1 }, "Linen Kurti");
    const before = await prisma.order.count();
    const error = await rejection(
      placeOrder({
        ...guest,
        lines: [
          { productId: plenty.id, size: "M", qty: 4 },
          { productId: scarce.id, size: "L", qty: 2 },
        ],
        shippingAddress: address,
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe("Only 1 left of Linen Kurti in size L");
    expect(await stockOf(plenty.id, "M")).toBe(10);
    expect(await stockOf(scarce.id, "L")).toBe(1);
    expect(await prisma.order.count()).toBe(before);
  });

  it("refuses a changed total with 409 and stores nothing", async () => {
    const p = await product(100, { M: 4 });
    const before = await prisma.order.count();
    const input: PlaceOrderInput = { ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address, clientTotalPrice: 125 };
    // The shopper saw 125 (100 + 10 + 15); the price then went up.
    await prisma.product.update({ where: { id: p.id }, data: { pricePaisa: 120_00 } });
    const error = await rejection(placeOrder(input));
    expect(error.status).toBe(409);
    expect(error.message).toBe(PRICES_CHANGED);
    expect(await stockOf(p.id, "M")).toBe(4);
    expect(await prisma.order.count()).toBe(before);
    // With the new total it goes through.
    await expect(placeOrder({ ...input, clientTotalPrice: 138 })).resolves.toMatchObject({ totalPrice: 138 });
  });

  it("409s for a size that is gone or a product that was deleted", async () => {
    const p = await product(10, { M: 1 });
    expect((await rejection(placeOrder({ ...guest, lines: [{ productId: p.id, size: "XXL", qty: 1 }], shippingAddress: address }))).status).toBe(409);
    await prisma.product.delete({ where: { id: p.id } });
    const error = await rejection(placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address }));
    expect(error.status).toBe(409);
  });

  it("needs a name and e-mail from guests, and defaults signed-in buyers to their own", async () => {
    const p = await product(10, { M: 5 });
    const lines = [{ productId: p.id, size: "M", qty: 1 }];
    const error = await rejection(placeOrder({ lines, shippingAddress: address, name: "Only A Name" }));
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ email: ["Email is required"] });
    expect(await stockOf(p.id, "M")).toBe(5);

    const u = await user();
    const order = await placeOrder({ userId: u.id, lines, shippingAddress: address });
    expect(order.user).toEqual({ id: u.id, name: u.name });
    expect(order.shippingAddress).toMatchObject({ name: u.name, email: u.email });
  });

  it("refuses an empty order and other payment methods", async () => {
    expect((await rejection(placeOrder({ ...guest, lines: [], shippingAddress: address }))).status).toBe(400);
    const p = await product(10, { M: 5 });
    const error = await rejection(placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address, paymentMethod: "PayPal" }));
    expect(error.status).toBe(400);
  });

  it("places one order when the same checkout is submitted twice", async () => {
    const p = await product(10, { M: 5 });
    const orderId = crypto.randomUUID();
    const input: PlaceOrderInput = { ...guest, orderId, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address };
    // A double click: both requests race, then a late resubmit.
    const [a, b] = await Promise.all([placeOrder(input), placeOrder(input)]);
    const c = await placeOrder(input);
    expect([a.id, b.id, c.id]).toEqual([orderId, orderId, orderId]);
    expect(await stockOf(p.id, "M")).toBe(3);
    expect(await prisma.order.count({ where: { id: orderId } })).toBe(1);
    // Someone else presenting that id does not get the order.
    const error = await rejection(placeOrder({ ...input, email: "other@example.com" }));
    expect(error.status).toBe(409);
    expect((await rejection(placeOrder({ ...input, orderId: "123" }))).status).toBe(400);
    expect(await stockOf(p.id, "M")).toBe(3);
  });

  it("never oversells: 60 simultaneous orders for 5 in stock → exactly 5 succeed", async () => {
    const p = await product(25, { M: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        placeOrder({ name: `Rush ${i}`, email: `rush${i}@example.com`, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(5);
    expect(failed).toHaveLength(55);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(ServiceError);
      expect((f.reason as ServiceError).status).toBe(409);
    }
    expect(await stockOf(p.id, "M")).toBe(0);
    expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(5);
  });
});
