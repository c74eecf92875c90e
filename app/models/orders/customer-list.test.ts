import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { address, product, user } from "../../../tests/support/order.fixtures";
import { listCustomersPage, parseCustomerContact } from "./customer-list.server";
import { cancelOrder } from "./order-ops.server";
import { listOrdersPage, markPaid, placeOrder } from "./order.server";

// The back office's customers (issue 28 item 5): accounts and guest buyers,
// their orders and spend, and the order list's ?customer= agreeing with them.
// Each test file has its own database, so the lists here are exact.

let seq = 0;
const tag = () => `c${Date.now().toString(36)}${++seq}`;

describe("customers", () => {
  it("lists accounts and guest buyers newest first, with orders, cancellations and money paid, and the order list agrees", async () => {
    const p = await product(1000, { M: 50 });
    const admin = await user(true);
    const actor = { id: admin.id, isAdmin: true };
    const line = { productId: p.id, size: "M", qty: 1 };
    const t = tag();

    // An account that ordered twice signed in and once as a guest with the same e-mail (in capitals).
    const rahim = await prisma.user.create({ data: { name: `Rahim ${t}`, email: `rahim-${t}@example.com`, passwordHash: "x" } });
    const a1 = await placeOrder({ userId: rahim.id, lines: [line], shippingAddress: { ...address, phone: "01811000001" } });
    const a2 = await placeOrder({ userId: rahim.id, lines: [line], shippingAddress: { ...address, phone: "01811000001" } });
    await placeOrder({ name: "Rahim at work", email: `RAHIM-${t}@example.com`, lines: [line], shippingAddress: { ...address, phone: "01811000001" } });
    await markPaid(a1.id, actor);
    await cancelOrder(a2.id, "refused", actor);

    // A guest with two orders (the latest name and phone are shown), one paid.
    const guestEmail = `nasrin-${t}@example.com`;
    const g1 = await placeOrder({ name: "Nasrin", email: guestEmail, lines: [line], shippingAddress: { ...address, phone: "01911000002" } });
    await placeOrder({ name: "Nasrin Akter", email: guestEmail, lines: [{ ...line, qty: 2 }], shippingAddress: { ...address, phone: "01911000003" } });
    await markPaid(g1.id, actor);

    // An account with no orders, made last.
    const quiet = await prisma.user.create({ data: { name: `Quiet ${t}`, email: `quiet-${t}@example.com`, passwordHash: "x" } });

    const { customers, total } = await listCustomersPage({});
    // Newest first: the quiet account, then the guest (by their first order), then Rahim's account, then the admin.
    expect(customers.map((c) => c.email)).toEqual([quiet.email, guestEmail, rahim.email, admin.email]);
    expect(total).toBe(4);
    const [q, g, r] = customers;
    expect(q).toMatchObject({ kind: "account", id: quiet.id, orders: 0, cancelled: 0, spent: 0, phone: null });
    expect(g).toMatchObject({ kind: "guest", id: null, name: "Nasrin Akter", phone: "01911000003", orders: 2, cancelled: 0, spent: 1150, isAdmin: false });
    // Rahim: two orders stand (one signed in, one as a guest), one cancelled, one paid.
    expect(r).toMatchObject({ kind: "account", id: rahim.id, name: rahim.name, phone: "01811000001", orders: 2, cancelled: 1, spent: 1150 });
    expect(customers[3]).toMatchObject({ isAdmin: true, orders: 0 });

    // "See their orders": the order list by e-mail (any case) or by phone, guest orders included.
    const ordersOf = async (customer: string) => (await listOrdersPage({ customer })).orders.map((o) => o.id).sort();
    expect(await ordersOf(rahim.email.toUpperCase())).toHaveLength(r!.orders + r!.cancelled);
    expect(await ordersOf(guestEmail)).toHaveLength(2);
    expect(await ordersOf("+880 1911-000003")).toHaveLength(1);
    expect(await ordersOf(`nobody-${t}@example.com`)).toEqual([]);
    // It narrows the other filters, never widens them.
    expect((await listOrdersPage({ customer: rahim.email, filter: "cancelled" })).orders.map((o) => o.id)).toEqual([a2.id]);

    // Kinds.
    expect((await listCustomersPage({ kind: "guests" })).customers.map((c) => c.email)).toEqual([guestEmail]);
    expect((await listCustomersPage({ kind: "accounts" })).customers.map((c) => c.email)).toEqual([quiet.email, rahim.email, admin.email]);

    // A deleted account's buyer stays a customer, as one without an account.
    // (Deleted as the Users page does it: the orders keep their copies, their userId set to null.)
    await prisma.user.delete({ where: { id: rahim.id } });
    const after = await listCustomersPage({ keyword: rahim.email });
    expect(after.customers).toEqual([expect.objectContaining({ kind: "guest", id: null, email: rahim.email, orders: 2, cancelled: 1, spent: 1150 })]);
  });

  it("finds customers by name, e-mail or phone (typed any way), with % and _ taken literally", async () => {
    const p = await product(500, { M: 20 });
    const t = tag();
    const byName = await prisma.user.create({ data: { name: `Karim ${t}_50% Mia`, email: `k1-${t}@example.com`, passwordHash: "x" } });
    await prisma.user.create({ data: { name: `Karim ${t}x50x Mia`, email: `k2-${t}@example.com`, passwordHash: "x" } });
    const withPhone = await prisma.user.create({ data: { name: `Shirin ${t}`, email: `s-${t}@example.com`, passwordHash: "x" } });
    await placeOrder({ userId: withPhone.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: { ...address, phone: "01722334455" } });
    await placeOrder({
      name: `Guest ${t}`,
      email: `g-${t}@example.com`,
      lines: [{ productId: p.id, size: "M", qty: 1 }],
      shippingAddress: { ...address, phone: "01722334455" },
    });

    const found = async (keyword: string) => (await listCustomersPage({ keyword })).customers.map((c) => c.email);
    expect(await found(`${t.toUpperCase()}_50%`)).toEqual([byName.email]);
    expect(await found(`K1-${t}@`)).toEqual([byName.email]);
    expect(await found(`guest ${t}`)).toEqual([`g-${t}@example.com`]);
    // A phone as a caller says it finds the account and the guest who ordered with it.
    expect((await found("০১৭২২-৩৩৪৪৫৫")).sort()).toEqual([`g-${t}@example.com`, withPhone.email].sort());
    expect(await found("no-such-customer-anywhere")).toEqual([]);
  });

  it("pages without gaps or repeats, and a page past the end is empty", async () => {
    for (let i = 0; i < 3; i++) await prisma.user.create({ data: { name: `Pager ${i}`, email: `pager-${tag()}@example.com`, passwordHash: "x" } });
    const p = await product(100, { M: 10 });
    for (let i = 0; i < 2; i++) {
      await placeOrder({ name: "Guest", email: `pg-${tag()}@example.com`, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    }
    const all = (await listCustomersPage({ pageSize: 100 })).customers.map((c) => c.email);
    const first = await listCustomersPage({ page: 1, pageSize: 2 });
    expect(first.pages).toBe(Math.ceil(all.length / 2));
    const paged: string[] = [];
    for (let page = 1; page <= first.pages; page++) paged.push(...(await listCustomersPage({ page, pageSize: 2 })).customers.map((c) => c.email));
    expect(paged).toEqual(all);
    expect((await listCustomersPage({ page: first.pages + 1, pageSize: 2 })).customers).toEqual([]);
  });

  it("reads ?customer= as an e-mail in any case or a phone in any usual form", () => {
    expect(parseCustomerContact(" Rahim@Example.COM ")).toEqual({ email: "rahim@example.com" });
    expect(parseCustomerContact("+880 1711-223344")).toEqual({ phone: "01711223344" });
    expect(parseCustomerContact("০১৭১১২২৩৩৪৪")).toEqual({ phone: "01711223344" });
    expect(parseCustomerContact("12-34")).toEqual({ phone: "12-34" });
    expect(parseCustomerContact("  ")).toBeNull();
    expect(parseCustomerContact(undefined)).toBeNull();
  });
});
