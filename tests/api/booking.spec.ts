import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// POST /api/orders/{id}/book and /api/orders/book over HTTP (issue 36), the shop pointed at the fake
// couriers that playwright.config.ts starts for the run (COURIER_FAKE_PORT: E2E_PORT + 3).

test.beforeAll(async () => {
  for (const [key, value] of [
    ["couriersOn", ["steadfast", "pathao", "redx"]],
    ["defaultCourier", "steadfast"],
  ] as const)
    await prisma.shopSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
});

async function order(extra: { awaitingConfirmation?: boolean; phone?: string } = {}) {
  const product = await createTestProduct({ name: `Booked Kurta ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
  return createTestOrder({ lines: [{ product, size: "M", qty: 1 }], phone: "01812345678", ...extra });
}

test("an admin books one order and many; 409 unconfirmed, 502 with the courier's words", async ({ request }) => {
  test.setTimeout(60_000);
  const headers = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })), "Content-Type": "application/json" };
  const one = await order();
  // Settings reach the server within its 10-second settings cache.
  await expect
    .poll(async () => (await request.post(`/api/orders/${one.id}/book`, { headers, data: { courier: "steadfast" } })).status(), { timeout: 15_000 })
    .toBe(200);
  const booked = await (await request.get(`/api/orders/${one.id}`, { headers })).json();
  expect(booked).toMatchObject({ courier: "steadfast", isShipped: true, courierStatus: "booked", consignmentId: expect.any(String) });
  expect(booked.trackingNumber).toMatch(/^SF\d+TB$/);

  const unconfirmed = await order({ awaitingConfirmation: true });
  expect((await request.post(`/api/orders/${unconfirmed.id}/book`, { headers, data: { courier: "steadfast" } })).status()).toBe(409);

  const badPhone = await order();
  await prisma.order.update({ where: { id: badPhone.id }, data: { phone: "0123" } });
  const refused = await request.post(`/api/orders/${badPhone.id}/book`, { headers, data: { courier: "steadfast" } });
  expect(refused.status()).toBe(502);
  expect(await refused.json()).toEqual({ message: "The recipient phone must be 11 digits." });

  expect((await request.post(`/api/orders/${one.id}/book`, { headers, data: { courier: "fedex" } })).status()).toBe(400);
  expect((await request.post(`/api/orders/${one.id}/book`, { data: { courier: "steadfast" } })).status()).toBe(401);

  const many = [await order(), await order()];
  const bulk = await request.post("/api/orders/book", { headers, data: { courier: "steadfast", orderIds: [...many.map((o) => o.id), unconfirmed.id] } });
  expect(bulk.status()).toBe(200);
  const body = await bulk.json();
  expect(body.booked.map((o: { id: string }) => o.id).sort()).toEqual(many.map((o) => o.id).sort());
  expect(body.failed).toEqual([{ id: unconfirmed.id, message: expect.stringMatching(/Confirm this order first/) }]);
});
