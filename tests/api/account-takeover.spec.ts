import { expect, test, type APIRequestContext } from "@playwright/test";

import { mailedLinkToken } from "../support/mailed-link.fixtures";

import { createUser, sessionCookieFor } from "../support/auth";
import { uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { uniqueIp } from "../support/ip";

// Issue 27 items 1-5 and issue 26's account limits over HTTP: what a stolen
// cookie, a curious admin and a script can still do to an account (nothing).
// docs/security.md names each test. Each test speaks from IPs of its own.

const ip = uniqueIp;
const PASSWORD = "cotton-kurta-77";

async function as(request: APIRequestContext, user: { id: number; sessionVersion: number }, from = ip()) {
  const cookie = await sessionCookieFor(user);
  return {
    put: (data: object) => request.put("/api/users/profile", { headers: { Cookie: cookie, "X-Forwarded-For": from }, data }),
  };
}

test("a reset link is never shown to an admin: /admin/mail says 'link hidden'", async ({ request }) => {
  const user = await createUser();
  await request.post("/api/users/forgot-password", { headers: { "X-Forwarded-For": ip() }, data: { email: user.email } });
  const row = await prisma.mailOutbox.findFirstOrThrow({ where: { to: user.email, template: "password-reset" } });
  await expect.poll(async () => (await prisma.mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status, { timeout: 15_000 }).toBe("captured");
  const token = await mailedLinkToken(user.email, "password-reset");
  const admin = await sessionCookieFor(await createUser({ isAdmin: true }));
  const page = await request.get(`/admin/mail/${row.id}`, { headers: { Cookie: admin } });
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain("link hidden");
  expect(html).not.toContain(token);
  expect(html).not.toContain("/reset-password/");
  // A missing message is a 404, not a 500 (item 14).
  expect((await request.get("/admin/mail/999999999", { headers: { Cookie: admin } })).status()).toBe(404);
  expect((await request.get("/admin/mail/abc", { headers: { Cookie: admin } })).status()).toBe(404);
});

test("a cookie alone cannot change the password or e-mail: the current password is needed", async ({ request }) => {
  const user = await createUser({ password: PASSWORD });
  const me = await as(request, user);
  for (const body of [{ password: "brand-new-pass" }, { email: `taken-over-${uniqueTag()}@example.com` }]) {
    const res = await me.put(body);
    expect(res.status(), JSON.stringify(body)).toBe(400);
    expect((await res.json()).errors.currentPassword).toEqual(["Enter your current password to change your password or email"]);
    const wrong = await me.put({ ...body, currentPassword: "not-the-password" });
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).errors.currentPassword).toEqual(["Your current password is not right"]);
  }
  const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
  expect(row.email).toBe(user.email);
  expect(row.passwordHash).toBe(user.passwordHash);
  // The name needs nothing more.
  expect((await me.put({ name: "Renamed" })).status()).toBe(200);
});

test("a new e-mail takes effect only through the link mailed to it; the old address is told", async ({ request }) => {
  const user = await createUser({ password: PASSWORD });
  const fresh = `moved-${uniqueTag()}@example.com`;
  const res = await (await as(request, user)).put({ email: fresh, currentPassword: PASSWORD });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ email: user.email, pendingEmail: fresh, message: expect.stringContaining("sent a link") });
  expect(await prisma.mailOutbox.count({ where: { to: user.email, template: "email-change-notice" } })).toBe(1);
  const token = await mailedLinkToken(fresh, "email-change");
  expect((await request.post("/api/users/confirm-email", { data: { token: `${token}x` } })).status()).toBe(400);
  const confirmed = await request.post("/api/users/confirm-email", { data: { token } });
  expect(confirmed.status()).toBe(200);
  expect(await confirmed.json()).toMatchObject({ id: user.id, email: fresh });
  expect((await request.post("/api/users/confirm-email", { data: { token } })).status()).toBe(400);
});

test("a reset link asked for before a password change no longer works after it", async ({ request }) => {
  const user = await createUser({ password: PASSWORD });
  await request.post("/api/users/forgot-password", { headers: { "X-Forwarded-For": ip() }, data: { email: user.email } });
  const token = await mailedLinkToken(user.email, "password-reset");
  expect((await (await as(request, user)).put({ password: "changed-pass-1", currentPassword: PASSWORD })).status()).toBe(200);
  const reset = await request.post("/api/users/reset-password", { headers: { "X-Forwarded-For": ip() }, data: { token, password: "attacker-pass-1" } });
  expect(reset.status()).toBe(400);
});

for (const path of ["reset", "profile"] as const) {
  test(`a new password by ${path} stops a pending e-mail change: the intruder's link is a 400 (issue 40 item 3)`, async ({ request }) => {
    const user = await createUser({ password: PASSWORD });
    const intruder = `intruder-${uniqueTag()}@example.com`;
    // Someone who knows the password asks to move the account to their address.
    expect((await (await as(request, user)).put({ email: intruder, currentPassword: PASSWORD })).status()).toBe(200);
    const token = await mailedLinkToken(intruder, "email-change");
    // The owner, told by the notice, sets a new password.
    if (path === "reset") {
      expect((await request.post("/api/users/forgot-password", { headers: { "X-Forwarded-For": ip() }, data: { email: user.email } })).status()).toBe(200);
      const resetToken = await mailedLinkToken(user.email, "password-reset");
      const reset = await request.post("/api/users/reset-password", {
        headers: { "X-Forwarded-For": ip() },
        data: { token: resetToken, password: "owner-new-pass-1" },
      });
      expect(reset.status()).toBe(200);
    } else {
      expect((await (await as(request, user)).put({ password: "owner-new-pass-1", currentPassword: PASSWORD })).status()).toBe(200);
    }
    const confirm = await request.post("/api/users/confirm-email", { data: { token } });
    expect(confirm.status()).toBe(400);
    expect((await confirm.json()).message).toBe("This link is invalid, used or expired. Please change your email again from your profile.");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
}

test("the profile's 'already in use' answer is limited like registration", async ({ request }) => {
  const [user, other] = [await createUser({ password: PASSWORD }), await createUser()];
  const me = await as(request, user);
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await me.put({ email: other.email, currentPassword: PASSWORD })).status());
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
  expect(statuses[10]).toBe(429);
});

test("new passwords: common ones and ones past 72 bytes are refused on register, reset and profile", async ({ request }) => {
  const email = `pw-${uniqueTag()}@example.com`;
  for (const [password, message] of [
    ["12345678", "This password is one of the first an attacker tries; please choose another"],
    ["ক".repeat(25), "Password is too long: at most 72 bytes (72 English letters, about 24 Bangla letters)"],
  ]) {
    const reg = await request.post("/api/users", { headers: { "X-Forwarded-For": ip() }, data: { name: "P", email, password } });
    expect(reg.status()).toBe(400);
    expect((await reg.json()).errors.password).toEqual([message]);
    const reset = await request.post("/api/users/reset-password", { headers: { "X-Forwarded-For": ip() }, data: { token: "t", password } });
    expect((await reset.json()).errors.password).toEqual([message]);
    const user = await createUser({ password: PASSWORD });
    const profile = await (await as(request, user)).put({ password, currentPassword: PASSWORD });
    expect((await profile.json()).errors.password).toEqual([message]);
  }
  // 24 Bangla letters (72 bytes) are fine, and the 25th letter is not ignored as bcrypt would have.
  const bangla = "ক".repeat(24);
  expect((await request.post("/api/users", { headers: { "X-Forwarded-For": ip() }, data: { name: "P", email, password: bangla } })).status()).toBe(201);
});

test("registrations: 30 per IP per hour, then 429 with Retry-After; another IP is unaffected", async ({ request }) => {
  test.setTimeout(90_000);
  const from = ip();
  const tag = uniqueTag();
  const register = (i: number, at = from) =>
    request.post("/api/users", { headers: { "X-Forwarded-For": at }, data: { name: "N", email: `nat-${tag}-${i}@example.com`, password: PASSWORD } });
  for (let i = 0; i < 30; i++) expect((await register(i)).status()).toBe(201);
  const refused = await register(30);
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ message: "Too many new accounts from this network, please try again in an hour" });
  expect(Number(refused.headers()["retry-after"])).toBe(3600);
  expect(await prisma.user.count({ where: { email: `nat-${tag}-30@example.com` } })).toBe(0);
  expect((await register(31, ip())).status()).toBe(201);
});

test("reset e-mails: 5 per address per hour, then 429 with Retry-After and nothing queued", async ({ request }) => {
  const user = await createUser();
  const ask = () => request.post("/api/users/forgot-password", { headers: { "X-Forwarded-For": ip() }, data: { email: user.email } });
  for (let i = 0; i < 5; i++) expect((await ask()).status()).toBe(200);
  const refused = await ask();
  expect(refused.status()).toBe(429);
  expect((await refused.json()).message).toBe("We have already sent several reset links to this address, please try again in an hour");
  expect(Number(refused.headers()["retry-after"])).toBe(3600);
  expect(await prisma.mailOutbox.count({ where: { to: user.email, template: "password-reset" } })).toBe(5);
});
