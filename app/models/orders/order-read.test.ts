import { beforeAll, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { address, guest, product, rejection, user } from "../../../tests/support/order.fixtures";
import { getOrderForViewer, listAllOrders, listOrdersPage, listUserOrders, markDelivered, markPaid, placeOrder } from "./order.server";

/** The back office's steps are an admin's: the services check (order-permissions.server.ts). */
let staff: { id: number; isAdmin: boolean };
beforeAll(async () => {
  staff = await user(true);
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
    await expect(prisma.order.update({ where: { id: order.id }, data: { placedAsGuest: true, userId: other.id } })).rejects.toThrow(/Order_guest_has_no_user/);
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
    await markPaid(paidOnly.id, staff);
    await markPaid(done.id, staff);
    await markDelivered(done.id, staff);
    const ids = async (filter: "all" | "undelivered" | "unpaid") => (await listOrdersPage({ filter, pageSize: 1000 })).orders.map((o) => o.id);

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
    await markDelivered(first.id, staff);
    const ids = async (keyword: string, filter: "all" | "undelivered" = "all") => (await listOrdersPage({ keyword, filter })).orders.map((o) => o.id);

    expect(await ids(`SHIRIN ${tag.toUpperCase()}`)).toEqual([second.id, first.id]);
    expect(await ids(`${tag}@EXAMPLE`)).toEqual([second.id, first.id]);
    expect(await ids(first.id.slice(0, 8).toUpperCase())).toContain(first.id);
    expect(await ids(buyer.email, "undelivered")).toEqual([second.id]);
    expect(await ids(`${tag}%`)).toEqual([]);
  });

  it("marks paid and delivered once, keeping the first time", async () => {
    const p = await product(10, { M: 10 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const paid = await markPaid(order.id, staff);
    expect(paid.isPaid).toBe(true);
    expect(paid.paidAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect((await markPaid(order.id, staff)).paidAt).toBe(paid.paidAt);

    const delivered = await markDelivered(order.id, staff);
    expect(delivered).toMatchObject({ isDelivered: true, isPaid: true });
    await new Promise((r) => setTimeout(r, 20));
    expect((await markDelivered(order.id, staff)).deliveredAt).toBe(delivered.deliveredAt);
    expect((await rejection(markPaid("not-an-order", staff))).status).toBe(404);
  });

  it("keeps order items when the product is deleted", async () => {
    const p = await product(10, { M: 10 }, "Soon Gone Saree");
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    await prisma.product.delete({ where: { id: p.id } });
    const after = await getOrderForViewer(order.id, null);
    expect(after.orderItems[0]).toMatchObject({ product: null, name: "Soon Gone Saree", price: 10 });
  });
});
