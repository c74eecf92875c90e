import { expect, test, type APIRequestContext } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";

// Cash on delivery, confirmed (issue 26): the new order answers and calls over HTTP.

const address = { address: "House 9, Road 1, Banani", city: "Dhaka", postalCode: "1213", phone: "01911223344", deliveryLabel: "Home" };
const ip = () => `10.26.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function guestOrder(request: APIRequestContext, headers: Record<string, string> = {}) {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 10 }] });
  const res = await request.post("/api/orders", {
    headers: { "X-Forwarded-For": ip(), ...headers },
    data: { orderItems: [{ product: p.id, qty: 2, selectedSize: "M" }], shippingAddress: address, name: "Karim", email: "karim@example.com" },
  });
  expect(res.status()).toBe(201);
  return { product: p, order: (await res.json()) as { id: string; isConfirmed: boolean; confirmedAt: string | null; shippingAddress: Record<string, string> } };
}

/** The code in the order's latest text message (captured: no SMS_URL in the tests). */
async function codeOf(orderId: string) {
  const row = await prisma.mailOutbox.findFirstOrThrow({ where: { channel: "sms", key: { startsWith: `order-code:${orderId}:` } }, orderBy: { id: "desc" } });
  return (row.data as { code: string }).code;
}

test("a guest order awaits confirmation; the code confirms it; its contact is masked for the link", async ({ request }) => {
  const { order } = await guestOrder(request);
  expect(order).toMatchObject({ isConfirmed: false, confirmedAt: null });
  // The answer to the buyer's own POST carries what they typed; a later read by link does not.
  const read = await (await request.get(`/api/orders/${order.id}`)).json();
  expect(read.shippingAddress).toMatchObject({ email: "k•••@example.com", phone: "019•••••344", address: "House •••", city: "Dhaka" });

  const wrong = await request.post(`/api/orders/${order.id}/confirm`, { data: { code: (await codeOf(order.id)) === "000000" ? "111111" : "000000" } });
  expect(wrong.status()).toBe(400);
  expect((await wrong.json()).message).toBe("That code is not right. Check the SMS and try again.");
  expect((await request.post(`/api/orders/${order.id}/confirm`, { data: { code: 123 } })).status()).toBe(400);

  const ok = await request.post(`/api/orders/${order.id}/confirm`, { data: { code: await codeOf(order.id) } });
  expect(ok.status()).toBe(200);
  const confirmed = await ok.json();
  expect(confirmed).toMatchObject({ id: order.id, isConfirmed: true });
  expect(Date.parse(confirmed.confirmedAt)).not.toBeNaN();
});

test("five wrong codes lock the order's code: 429 with Retry-After", async ({ request }) => {
  const { order } = await guestOrder(request);
  const code = await codeOf(order.id);
  const wrongCode = code === "999999" ? "888888" : "999999";
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await request.post(`/api/orders/${order.id}/confirm`, { data: { code: wrongCode } })).status());
  expect(statuses).toEqual([400, 400, 400, 400, 429]);
  const locked = await request.post(`/api/orders/${order.id}/confirm`, { data: { code } });
  expect(locked.status()).toBe(429);
  expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(800);
});

test("resend-code sends a new code, then asks to wait a minute", async ({ request }) => {
  const { order } = await guestOrder(request);
  // The first code was sent with the order: a resend within the minute is refused.
  const early = await request.post(`/api/orders/${order.id}/resend-code`);
  expect(early.status()).toBe(429);
  expect(Number(early.headers()["retry-after"])).toBeGreaterThan(0);
  await prisma.orderConfirmCode.update({ where: { orderId: order.id }, data: { sentAt: new Date(Date.now() - 61_000) } });
  const first = await codeOf(order.id);
  const res = await request.post(`/api/orders/${order.id}/resend-code`);
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ message: "We sent a new code to 019•••••344" });
  expect(await prisma.mailOutbox.count({ where: { channel: "sms", key: { startsWith: `order-code:${order.id}:` } } })).toBe(2);
  const second = await codeOf(order.id);
  if (second !== first) expect((await request.post(`/api/orders/${order.id}/confirm`, { data: { code: first } })).status()).toBe(400);
  expect((await request.post(`/api/orders/${order.id}/confirm`, { data: { code: second } })).status()).toBe(200);
});

test("someone else's order: 404 to confirm or resend; confirming by call is the admin's (401, 403)", async ({ request }) => {
  const owner = await createUser();
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 5 }] });
  // An account's order: only its account (or an admin) may act on it.
  const placed = await request.post("/api/orders", {
    headers: { Cookie: await sessionCookieFor(owner), "X-Forwarded-For": ip() },
    data: { orderItems: [{ product: p.id, qty: 1, selectedSize: "M" }], shippingAddress: address },
  });
  expect(placed.status()).toBe(201);
  const { id } = await placed.json();
  const other = { Cookie: await sessionCookieFor(await createUser()) };
  expect((await request.post(`/api/orders/${id}/confirm`, { data: { code: "123456" } })).status()).toBe(404);
  expect((await request.post(`/api/orders/${id}/confirm`, { headers: other, data: { code: "123456" } })).status()).toBe(404);
  expect((await request.post(`/api/orders/${id}/resend-code`, { headers: other })).status()).toBe(404);
  expect((await request.post(`/api/orders/00000000-0000-4000-8000-000000000000/confirm`, { data: { code: "123456" } })).status()).toBe(404);

  const { order } = await guestOrder(request);
  expect((await request.put(`/api/orders/${order.id}/confirm`)).status()).toBe(401);
  expect((await request.put(`/api/orders/${order.id}/confirm`, { headers: other })).status()).toBe(403);
  const admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
  const byCall = await request.put(`/api/orders/${order.id}/confirm`, { headers: admin });
  expect(byCall.status()).toBe(200);
  expect(await byCall.json()).toMatchObject({ isConfirmed: true, confirmMethod: "call" });
  // The admin reads the order whole.
  expect((await (await request.get(`/api/orders/${order.id}`, { headers: admin })).json()).shippingAddress.phone).toBe("01911223344");
});

test("a cancelled order cannot be confirmed (409)", async ({ request }) => {
  const { order } = await guestOrder(request);
  const admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
  expect((await request.put(`/api/orders/${order.id}/cancel`, { headers: admin, data: { reason: "other" } })).status()).toBe(200);
  const res = await request.post(`/api/orders/${order.id}/confirm`, { data: { code: await codeOf(order.id) } });
  expect(res.status()).toBe(409);
});
