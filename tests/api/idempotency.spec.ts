import { expect, test } from "@playwright/test";

import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";

// POST /api/orders with an Idempotency-Key (issue 13 #8): a client whose reply
// was lost retries and gets the stored order back (200), never a second order.

const address = { address: "House 7, Road 2, Gulshan", city: "Dhaka", postalCode: "1212", phone: "01811000000", deliveryLabel: "Home" };

test("a retry with the same Idempotency-Key returns the stored order (200) and places nothing more", async ({ request }) => {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
  const data = { orderItems: [{ product: p.id, qty: 2, selectedSize: "M" }], shippingAddress: address, name: "Retry Guest", email: "retry.guest@example.com" };
  const headers = { "Idempotency-Key": `checkout-${p.id}-${Date.now()}` };

  const first = await request.post("/api/orders", { data, headers });
  expect(first.status()).toBe(201);
  const order = await first.json();
  const retry = await request.post("/api/orders", { data, headers });
  expect(retry.status()).toBe(200);
  expect(await retry.json()).toEqual(order);

  const fresh = await request.post("/api/orders", { data, headers: { "Idempotency-Key": `${headers["Idempotency-Key"]}-b` } });
  expect(fresh.status()).toBe(201);
  expect((await fresh.json()).id).not.toBe(order.id);
  expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(2);
  expect((await prisma.productSize.findFirstOrThrow({ where: { productId: p.id } })).quantity).toBe(1);
});

test("a malformed Idempotency-Key is a 400 and places nothing", async ({ request }) => {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
  const data = { orderItems: [{ product: p.id, qty: 1, selectedSize: "M" }], shippingAddress: address, name: "Retry Guest", email: "retry.guest@example.com" };
  const res = await request.post("/api/orders", { data, headers: { "Idempotency-Key": "x".repeat(201) } });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe("Idempotency-Key must be 1 to 200 visible ASCII characters");
  expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(0);
});

test("a failed order leaves its Idempotency-Key free: the buyer's later order with it is placed (issue 40)", async ({ request }) => {
  const p = await createTestProduct({
    sizes: [
      { size: "M", quantity: 5 },
      { size: "L", quantity: 0 },
    ],
  });
  const email = `victim-${p.id}-${Date.now()}@example.com`;
  const headers = { "Idempotency-Key": "1" };
  const order = (size: string, qty = 1) => ({ orderItems: [{ product: p.id, qty, selectedSize: size }], shippingAddress: address, name: "Victim", email });
  // Someone who knows the guest's e-mail uses a common key with a sold-out line first.
  const doomed = await request.post("/api/orders", { data: order("L"), headers });
  expect(doomed.status()).toBe(409);
  const placed = await request.post("/api/orders", { data: order("M"), headers });
  expect(placed.status()).toBe(201);
  const body = await placed.json();
  // Committed, the key replays its order and refuses any other body.
  const retry = await request.post("/api/orders", { data: order("M"), headers });
  expect(retry.status()).toBe(200);
  expect(await retry.json()).toEqual(body);
  const other = await request.post("/api/orders", { data: order("M", 2), headers });
  expect(other.status()).toBe(422);
  expect(JSON.stringify(await other.json())).not.toContain(body.id);
  expect((await prisma.productSize.findFirstOrThrow({ where: { productId: p.id, size: "M" } })).quantity).toBe(4);
});
