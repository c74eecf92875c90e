import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// PUT /api/orders/{id}/ship (issue 28 item 2): the contract over HTTP.

async function order(awaitingConfirmation = false) {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
  return createTestOrder({ lines: [{ product: p, size: "M", qty: 1 }], awaitingConfirmation });
}

test("an admin ships a confirmed order: the order says so, and the buyer's e-mail and SMS are queued", async ({ request }) => {
  const o = await order();
  const admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
  const url = `/api/orders/${o.id}/ship`;
  const res = await request.put(url, { headers: admin, data: { courier: "pathao", trackingNumber: "DP2611ABC", note: "Fragile" } });
  expect(res.status()).toBe(200);
  const shipped = await res.json();
  expect(shipped).toMatchObject({ isShipped: true, courier: "pathao", trackingNumber: "DP2611ABC", shipNote: "Fragile", isDelivered: false });
  expect(Date.parse(shipped.shippedAt)).not.toBeNaN();
  expect(await (await request.get(`/api/orders/${o.id}`, { headers: admin })).json()).toMatchObject({
    isShipped: true,
    courier: "pathao",
    actions: ["pay", "ship", "deliver", "cancel"],
  });
  const queued = await prisma.mailOutbox.findMany({
    where: { key: { contains: `order-shipped:${o.id}:pathao:DP2611ABC` } },
    select: { channel: true, to: true },
  });
  expect(queued.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
  expect(queued.find((m) => m.channel === "sms")?.to).toBe("01711000000");

  // Delivered: a parcel no longer goes out.
  expect((await request.put(`/api/orders/${o.id}/deliver`, { headers: admin })).status()).toBe(200);
  const late = await request.put(url, { headers: admin, data: { courier: "pathao", trackingNumber: "DP2" } });
  expect(late.status()).toBe(409);
  expect((await late.json()).message).toBe("This order has been delivered; it cannot be shipped");
});

test("ship answers 401, 403, 404, 405, 400 with the field's words, and 409 for an unconfirmed order", async ({ request }) => {
  const o = await order(true);
  const url = `/api/orders/${o.id}/ship`;
  const body = { courier: "redx", trackingNumber: "RX-1" };
  const admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
  expect((await request.put(url, { data: body })).status()).toBe(401);
  expect((await request.put(url, { headers: { Cookie: await sessionCookieFor(await createUser()) }, data: body })).status()).toBe(403);
  expect((await request.put("/api/orders/00000000-0000-4000-8000-000000000000/ship", { headers: admin, data: body })).status()).toBe(404);
  expect((await request.get(url, { headers: admin })).status()).toBe(405);
  for (const [bad, message] of [
    [{ courier: "dhl", trackingNumber: "X" }, "courier must be one of pathao, steadfast, redx, sundarban, paperfly, own-rider, other"],
    [{ courier: "redx" }, "Enter the courier's tracking number"],
    [{ courier: "redx", trackingNumber: "x".repeat(41) }, "A tracking number has at most 40 characters"],
  ] as const) {
    const res = await request.put(url, { headers: admin, data: bad });
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toContain(message);
  }
  const unconfirmed = await request.put(url, { headers: admin, data: body });
  expect(unconfirmed.status()).toBe(409);
  expect((await unconfirmed.json()).message).toMatch(/^Confirm this order first/);
  expect(await prisma.order.findUniqueOrThrow({ where: { id: o.id }, select: { shippedAt: true } })).toEqual({ shippedAt: null });
});
