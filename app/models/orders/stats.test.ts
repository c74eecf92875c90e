import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { address, guest, product, user } from "../../../tests/support/order.fixtures";
import { cancelOrder } from "./order-ops.server";
import { markPaid, placeOrder } from "./order.server";
import { getDashboardStats } from "./stats.server";

// Each test file has its own database, so the figures here are exact.

describe("dashboard figures", () => {
  it("counts orders when placed and revenue when paid, by Dhaka day, leaving cancelled orders out", async () => {
    const p = await product(1000, { M: 10, L: 2, XL: 4 });
    const admin = await user(true);
    const line = (qty: number) => ({ ...guest, lines: [{ productId: p.id, size: "M", qty }], shippingAddress: address });
    const a = await placeOrder(line(1)); // 1000 + 150 tax = 1150
    const b = await placeOrder(line(2)); // 2300
    const c = await placeOrder(line(3)); // cancelled
    await markPaid(a.id, { id: admin.id, isAdmin: true });
    await markPaid(c.id, { id: admin.id, isAdmin: true });
    await cancelOrder(c.id, "refused", { id: admin.id, isAdmin: true });
    // An order placed 10 days ago and paid then.
    const old = await placeOrder(line(1));
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    await prisma.order.update({ where: { id: old.id }, data: { createdAt: tenDaysAgo, isPaid: true, paidAt: tenDaysAgo } });

    const stats = await getDashboardStats();
    expect(stats.periods).toEqual([
      // Placed value: a (1150) and b (2300), unpaid b included; cancelled c left out.
      { label: "Today", days: 1, orders: 2, revenue: 1150, placedValue: 3450 },
      { label: "Last 7 days", days: 7, orders: 2, revenue: 1150, placedValue: 3450 },
      { label: "Last 30 days", days: 30, orders: 3, revenue: 2300, placedValue: 4600 },
    ]);
    expect(stats.revenueByDay).toHaveLength(30);
    // The chart's days: orders placed and their value (unpaid b too), beside what was paid that day.
    expect(stats.revenueByDay.at(-1)).toMatchObject({ orders: 2, placedValue: 3450, revenue: 1150 });
    expect(stats.revenueByDay.find((d) => d.orders === 1)).toMatchObject({ placedValue: 1150, revenue: 1150 });
    expect(stats.revenueByDay.reduce((s, d) => s + d.revenue, 0)).toBe(2300);
    expect(stats.revenueByDay.reduce((s, d) => s + d.placedValue, 0)).toBe(4600);
    expect(stats.topProducts).toEqual([{ id: p.id, name: p.name, qty: 4 }]);
    // M: 10 - 1 - 2 - 1 (c came back) = 6; L has 2, XL 4.
    expect(stats.lowStock).toEqual([{ productId: p.id, name: p.name, size: "L", quantity: 2 }]);
    expect(stats.waiting.count).toBe(3);
    expect(stats.waiting.orders.map((o) => o.id)).toEqual([old.id, a.id, b.id]);
  });

  it("puts an order placed just after midnight in Dhaka on the Dhaka date", async () => {
    const p = await product(1000, { M: 10 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    // 2026-03-10 00:30 in Dhaka is 2026-03-09 18:30 UTC.
    const at = new Date("2026-03-09T18:30:00Z");
    await prisma.order.update({ where: { id: order.id }, data: { createdAt: at, isPaid: true, paidAt: at } });
    const stats = await getDashboardStats(new Date("2026-03-10T12:00:00Z"));
    expect(stats.revenueByDay.at(-1)).toEqual({ date: "2026-03-10", orders: 1, placedValue: 1150, revenue: 1150 });
    expect(stats.revenueByDay.find((d) => d.date === "2026-03-09")).toEqual({ date: "2026-03-09", orders: 0, placedValue: 0, revenue: 0 });
  });
});
