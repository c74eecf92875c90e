import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// PUT /api/orders/{id}/cancel and GET /api/admin/stats over HTTP. The admin
// guard of the stats call is in admin-matrix.spec.ts.

const stockOf = async (productId: number) => (await prisma.productSize.findUniqueOrThrow({ where: { productId_size: { productId, size: "M" } } })).quantity;

test.describe("PUT /api/orders/{id}/cancel", () => {
  test("the buyer cancels their own unpaid order; others get a 404 and nothing changes", async ({ request }) => {
    const [owner, stranger] = [await createUser(), await createUser()];
    const product = await createTestProduct({ sizes: [{ size: "M", quantity: 1 }] });
    const order = await createTestOrder({ userId: owner.id, lines: [{ product, size: "M", qty: 2 }] });
    for (const headers of [{}, { Cookie: await sessionCookieFor(stranger) }] as Record<string, string>[]) {
      const res = await request.put(`/api/orders/${order.id}/cancel`, { headers, data: {} });
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual({ message: "Order not found" });
    }
    expect(await stockOf(product.id)).toBe(1);

    const res = await request.put(`/api/orders/${order.id}/cancel`, { headers: { Cookie: await sessionCookieFor(owner) }, data: {} });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: order.id, cancelReason: "customer-asked", isPaid: false, isDelivered: false });
    expect(Date.parse(body.cancelledAt)).not.toBeNaN();
    expect(await stockOf(product.id)).toBe(3);
  });

  test("an admin must give a known reason, cannot cancel a delivered order, and a paid one only as admin", async ({ request }) => {
    const admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
    const owner = await createUser();
    const product = await createTestProduct({ sizes: [{ size: "M", quantity: 0 }] });
    const paid = await createTestOrder({ userId: owner.id, isPaid: true, lines: [{ product, size: "M", qty: 1 }] });

    let res = await request.put(`/api/orders/${paid.id}/cancel`, { headers: admin, data: { reason: "lost" } });
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toBe("reason must be one of refused, customer-asked, out-of-stock, other");
    res = await request.put(`/api/orders/${paid.id}/cancel`, { headers: admin, data: {} });
    expect(res.status()).toBe(400);
    res = await request.put(`/api/orders/${paid.id}/cancel`, { headers: { Cookie: await sessionCookieFor(owner) }, data: {} });
    expect(res.status()).toBe(409);
    expect(await stockOf(product.id)).toBe(0);

    res = await request.put(`/api/orders/${paid.id}/cancel`, { headers: admin, data: { reason: "out-of-stock" } });
    expect(res.status()).toBe(200);
    expect(await stockOf(product.id)).toBe(1);

    const delivered = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }] });
    expect((await request.put(`/api/orders/${delivered.id}/deliver`, { headers: admin })).status()).toBe(200);
    res = await request.put(`/api/orders/${delivered.id}/cancel`, { headers: admin, data: { reason: "refused" } });
    expect(res.status()).toBe(409);
    expect(await res.json()).toEqual({ message: "A delivered order cannot be cancelled" });
    expect((await request.get(`/api/orders/${delivered.id}/cancel`)).status()).toBe(405);
  });
});

test("GET /api/admin/stats gives the dashboard's figures", async ({ request }) => {
  const admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 1 }] });
  const res = await request.get("/api/admin/stats", { headers: admin });
  expect(res.status()).toBe(200);
  const stats = await res.json();
  expect(stats.periods.map((p: { label: string }) => p.label)).toEqual(["Today", "Last 7 days", "Last 30 days"]);
  expect(stats.revenueByDay).toHaveLength(30);
  // Each day: orders placed and their value (paid or not), beside what was paid that day (issue 28 item 3).
  for (const d of stats.revenueByDay) {
    expect(d).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      orders: expect.any(Number),
      placedValue: expect.any(Number),
      revenue: expect.any(Number),
    });
  }
  const today = stats.revenueByDay.at(-1);
  expect(today.orders).toBe(stats.periods[0].orders);
  expect(today.placedValue).toBe(stats.periods[0].placedValue);
  for (const p of stats.periods) expect(p).toEqual(expect.objectContaining({ revenue: expect.any(Number), placedValue: expect.any(Number) }));
  expect(stats.lowStock).toContainEqual({ productId: product.id, name: product.name, size: "M", quantity: 1 });
  expect(stats.topProducts.length).toBeLessThanOrEqual(5);
  expect(stats.waiting.count).toBeGreaterThanOrEqual(stats.waiting.orders.length);
});
