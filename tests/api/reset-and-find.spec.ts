import { expect, test } from "@playwright/test";

import { mailedLinkToken } from "../support/mailed-link.fixtures";

import { createUser } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";
import { uniqueIp } from "../support/ip";

// Forgot/reset password, guest order lookup and guest cancel over HTTP.
// Each test speaks from an IP of its own (the test server trusts X-Forwarded-For)
// so the per-IP limits of other specs do not leak in.

const ip = uniqueIp;

/** The token in the user's copy of the mail (the shop keeps none: issue 27 item 1). */
const tokenFromMail = (email: string) => mailedLinkToken(email, "password-reset");

test("forgot-password answers the same for a known and an unknown e-mail, and 429s after 10 requests", async ({ request }) => {
  const user = await createUser();
  const known = await request.post("/api/users/forgot-password", { headers: { "X-Forwarded-For": ip() }, data: { email: user.email } });
  const unknown = await request.post("/api/users/forgot-password", {
    headers: { "X-Forwarded-For": ip() },
    data: { email: `nobody-${Date.now()}@example.com` },
  });
  expect([known.status(), unknown.status()]).toEqual([200, 200]);
  expect(await known.json()).toEqual(await unknown.json());
  expect((await request.post("/api/users/forgot-password", { headers: { "X-Forwarded-For": ip() }, data: { email: "not-an-email" } })).status()).toBe(400);
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    statuses.push((await request.post("/api/users/forgot-password", { headers: { "X-Forwarded-For": ip() }, data: { email: user.email } })).status());
  }
  expect(statuses.at(-1)).toBe(429);
});

test("reset-password signs in with the new password once; a second use is a 400", async ({ request }) => {
  const user = await createUser();
  await request.post("/api/users/forgot-password", { headers: { "X-Forwarded-For": ip() }, data: { email: user.email } });
  const token = await tokenFromMail(user.email);
  const ok = await request.post("/api/users/reset-password", { headers: { "X-Forwarded-For": ip() }, data: { token, password: "brand-new-pass" } });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual({ id: user.id, name: user.name, email: user.email, isAdmin: false });
  expect(ok.headers()["set-cookie"]).toContain("__session=");
  const again = await request.post("/api/users/reset-password", { headers: { "X-Forwarded-For": ip() }, data: { token, password: "other-new-pass" } });
  expect(again.status()).toBe(400);
  expect(await again.json()).toMatchObject({ message: expect.stringMatching(/invalid, used or expired/) });
  const auth = await request.post("/api/users/auth", { headers: { "X-Forwarded-For": ip() }, data: { email: user.email, password: "brand-new-pass" } });
  expect(auth.status()).toBe(200);
});

test("orders/find opens a guest order by number and phone; a wrong pair is one 404", async ({ request }) => {
  const product = await createTestProduct();
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }], phone: "01711000000" });
  const found = await request.post("/api/orders/find", {
    headers: { "X-Forwarded-For": ip() },
    data: { orderNumber: `tb${order.number}`, phone: "+8801711000000" },
  });
  expect(found.status()).toBe(200);
  expect(await found.json()).toMatchObject({ id: order.id });
  const wrongEmail = await request.post("/api/orders/find", {
    headers: { "X-Forwarded-For": ip() },
    data: { orderNumber: `TB-${order.number}`, email: "someone@example.com" },
  });
  const wrongNumber = await request.post("/api/orders/find", {
    headers: { "X-Forwarded-For": ip() },
    data: { orderNumber: "999999999", email: order.shippingEmail },
  });
  expect([wrongEmail.status(), wrongNumber.status()]).toEqual([404, 404]);
  expect(await wrongEmail.json()).toEqual(await wrongNumber.json());
});

test("a guest cancels over the API only with the checkout e-mail or phone", async ({ request }) => {
  const product = await createTestProduct();
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }] });
  const url = `/api/orders/${order.id}/cancel`;
  expect((await request.put(url, { headers: { "X-Forwarded-For": ip() }, data: {} })).status()).toBe(400);
  expect((await request.put(url, { headers: { "X-Forwarded-For": ip() }, data: { phone: "01811999999" } })).status()).toBe(403);
  expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).cancelledAt).toBeNull();
  const ok = await request.put(url, { headers: { "X-Forwarded-For": ip() }, data: { email: order.shippingEmail.toUpperCase() } });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toMatchObject({ id: order.id, cancelReason: "customer-asked" });
});
