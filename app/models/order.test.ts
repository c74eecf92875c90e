import { describe, expect, it } from "vitest";

import { prisma } from "~/utils/db.server";

import { ServiceError } from "./errors.server";
import {
  getOrderForViewer,
  listAllOrders,
  listOrdersPage,
  listUserOrders,
  markDelivered,
  markPaid,
  placeOrder,
  PRICES_CHANGED,
  type PlaceOrderInput,
} from "./order.server";

let seq = 0;
async function product(priceTaka: number, sizes: Record<string, number>, name = `Test Panjabi ${++seq}`) {
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

async function user(isAdmin = false) {
  const tag = `${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  return prisma.user.create({
    data: { name: `Buyer ${tag}`, email: `buyer-${tag}@example.com`, passwordHash: "x", isAdmin },
  });
}

const address = { address: "House 12, Road 5, Dhanmondi", city: "Dhaka", postalCode: "1205", phone: "01711000000", deliveryLabel: "Home" as const };
const guest = { name: "Guest Buyer", email: "guest@example.com" };

async function stockOf(productId: number, size: string) {
  const row = await prisma.productSize.findUniqueOrThrow({ where: { productId_size: { productId, size } } });
  return row.quantity;
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

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
    const error = await rejection(
      placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address, paymentMethod: "PayPal" }),
    );
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

describe("reading and updating orders", () => {
  it("shows an order to its owner and admins, a guest order to anyone, and 404s the rest", async () => {
    const p = await product(10, { M: 10 });
    const owner = await user();
    const other = await user();
    const admin = await user(true);
    const mine = await placeOrder({ userId: owner.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const guestOrder = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });

    await expect(getOrderForViewer(mine.id, owner)).resolves.toMatchObject({ id: mine.id });
    await expect(getOrderForViewer(mine.id, admin)).resolves.toMatchObject({ id: mine.id });
    expect((await rejection(getOrderForViewer(mine.id, other))).status).toBe(404);
    expect((await rejection(getOrderForViewer(mine.id, null))).status).toBe(404);
    await expect(getOrderForViewer(guestOrder.id, null)).resolves.toMatchObject({ user: null });
    await expect(getOrderForViewer(guestOrder.id, other)).resolves.toMatchObject({ id: guestOrder.id });
    for (const bad of ["nope", "1", "' OR 1=1 --", "00000000-0000-0000-0000-000000000000"]) {
      expect((await rejection(getOrderForViewer(bad, admin))).status).toBe(404);
    }
  });

  it("keeps a deleted account's orders private: they are not guest orders", async () => {
    const p = await product(10, { M: 10 });
    const [owner, other, admin] = [await user(), await user(), await user(true)];
    const order = await placeOrder({ userId: owner.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await prisma.user.delete({ where: { id: owner.id } });

    expect((await rejection(getOrderForViewer(order.id, null))).status).toBe(404);
    expect((await rejection(getOrderForViewer(order.id, other))).status).toBe(404);
    await expect(getOrderForViewer(order.id, admin)).resolves.toMatchObject({ id: order.id, user: null });
    const listed = (await listOrdersPage({})).orders.find((o) => o.id === order.id);
    expect(listed).toMatchObject({ user: null, placedAsGuest: false });
    // The database refuses a "guest" order that belongs to an account.
    await expect(
      prisma.order.update({ where: { id: order.id }, data: { placedAsGuest: true, userId: other.id } }),
    ).rejects.toThrow(/Order_guest_has_no_user/);
  });

  it("lists a user's orders and all orders newest first", async () => {
    const p = await product(10, { M: 10 });
    const u = await user();
    const first = await placeOrder({ userId: u.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const second = await placeOrder({ userId: u.id, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address });
    expect((await listUserOrders(u.id)).map((o) => o.id)).toEqual([second.id, first.id]);
    const all = await listAllOrders();
    expect(all.findIndex((o) => o.id === second.id)).toBeLessThan(all.findIndex((o) => o.id === first.id));
    const times = all.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("pages all orders newest first, without gaps or repeats", async () => {
    const p = await product(10, { M: 50 });
    for (let i = 0; i < 5; i++) {
      await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    }
    const all = (await listAllOrders()).map((o) => o.id);
    const pageSize = 2;
    const first = await listOrdersPage({ page: 1, pageSize });
    expect(first.pages).toBe(Math.ceil(all.length / pageSize));
    const paged: string[] = [];
    for (let n = 1; n <= first.pages; n++) paged.push(...(await listOrdersPage({ page: n, pageSize })).orders.map((o) => o.id));
    expect(paged).toEqual(all);
    expect((await listOrdersPage({ page: first.pages + 1, pageSize })).orders).toEqual([]);
    expect(first.orders.every((o) => o.placedAsGuest && o.user === null)).toBe(true);
    expect((await listOrdersPage({ page: Number.MAX_SAFE_INTEGER, pageSize })).orders).toEqual([]);
  });

  it("filters the admin list to orders not yet delivered or not yet paid", async () => {
    const p = await product(10, { M: 10 });
    const place = () => placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const [open, paidOnly, done] = [await place(), await place(), await place()];
    await markPaid(paidOnly.id);
    await markPaid(done.id);
    await markDelivered(done.id);
    const ids = async (filter: "all" | "undelivered" | "unpaid") =>
      (await listOrdersPage({ filter, pageSize: 1000 })).orders.map((o) => o.id);

    expect(await ids("all")).toEqual(expect.arrayContaining([open.id, paidOnly.id, done.id]));
    const undelivered = await ids("undelivered");
    expect(undelivered).toEqual(expect.arrayContaining([open.id, paidOnly.id]));
    expect(undelivered).not.toContain(done.id);
    const unpaid = await ids("unpaid");
    expect(unpaid).toContain(open.id);
    expect(unpaid).not.toContain(paidOnly.id);
    expect(unpaid).not.toContain(done.id);
  });

  it("finds orders by id prefix, buyer name or e-mail, within a filter", async () => {
    const p = await product(10, { M: 10 });
    const tag = Math.random().toString(36).slice(2, 10);
    const buyer = { name: `Shirin ${tag}`, email: `shirin-${tag}@example.com` };
    const place = () => placeOrder({ ...buyer, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const [first, second] = [await place(), await place()];
    await markDelivered(first.id);
    const ids = async (keyword: string, filter: "all" | "undelivered" = "all") =>
      (await listOrdersPage({ keyword, filter })).orders.map((o) => o.id);

    expect(await ids(`SHIRIN ${tag.toUpperCase()}`)).toEqual([second.id, first.id]);
    expect(await ids(`${tag}@EXAMPLE`)).toEqual([second.id, first.id]);
    expect(await ids(first.id.slice(0, 8).toUpperCase())).toContain(first.id);
    expect(await ids(buyer.email, "undelivered")).toEqual([second.id]);
    expect(await ids(`${tag}%`)).toEqual([]);
  });

  it("marks paid and delivered once, keeping the first time", async () => {
    const p = await product(10, { M: 10 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const paid = await markPaid(order.id);
    expect(paid.isPaid).toBe(true);
    expect(paid.paidAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect((await markPaid(order.id)).paidAt).toBe(paid.paidAt);

    const delivered = await markDelivered(order.id);
    expect(delivered).toMatchObject({ isDelivered: true, isPaid: true });
    await new Promise((r) => setTimeout(r, 20));
    expect((await markDelivered(order.id)).deliveredAt).toBe(delivered.deliveredAt);
    expect((await rejection(markPaid("not-an-order"))).status).toBe(404);
  });

  it("keeps order items when the product is deleted", async () => {
    const p = await product(10, { M: 10 }, "Soon Gone Saree");
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await prisma.product.delete({ where: { id: p.id } });
    const after = await getOrderForViewer(order.id, null);
    expect(after.orderItems[0]).toMatchObject({ product: null, name: "Soon Gone Saree", price: 10 });
  });
});
