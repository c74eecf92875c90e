import { expect, test } from "@playwright/test";
import { createCookieSessionStorage } from "@remix-run/node";

import { mailedLinkToken } from "../support/mailed-link.fixtures";
import { sessionStorage } from "~/models/accounts/session.server";

import { body, disposeClients, newClient, sessionCookieOf, uniqueEmail } from "../support/api-clients";
import { createUser, sessionCookieFor } from "../support/auth";
import { prisma } from "../support/db";

// The /api/users contract (docs/api.md), part 2: the profile (forged
// cookies, expiry, password change) and the admin calls. Part 1,
// users.spec.ts: register, sign in, sign out and rate limiting.

test.afterEach(disposeClients);

test.describe("GET/PUT /api/users/profile", () => {
  test("a forged, altered or foreign-signed cookie counts as signed out", async ({ playwright, baseURL }) => {
    const user = await createUser();
    const good = await sessionCookieFor(user);
    const [name, value] = good.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    const payload = JSON.parse(Buffer.from(decoded.slice(0, dot), "base64").toString());
    const tampered = Buffer.from(JSON.stringify({ ...payload, userId: user.id + 1 })).toString("base64");

    const foreign = createCookieSessionStorage({ cookie: { name: "__session", secrets: ["someone-elses-secret"] } });
    const foreignSession = await foreign.getSession();
    foreignSession.set("userId", user.id);
    foreignSession.set("sessionVersion", user.sessionVersion);
    foreignSession.set("expiresAt", Date.now() + 60_000);

    const attempts = [
      `${name}=forged-value`,
      (await foreign.commitSession(foreignSession)).split(";")[0]!,
      `${name}=${encodeURIComponent(`${tampered}${decoded.slice(dot)}`)}`,
      `${name}=${encodeURIComponent(`${decoded.slice(0, dot)}.AAAA${decoded.slice(dot + 5)}`)}`,
      `${name}=${encodeURIComponent(decoded.slice(0, dot))}`,
    ];
    for (const cookie of attempts) {
      const api = await newClient(playwright.request, baseURL!, cookie);
      expect((await api.get("/api/users/profile")).status(), cookie).toBe(401);
    }
    const genuine = await newClient(playwright.request, baseURL!, good);
    expect((await genuine.get("/api/users/profile")).status()).toBe(200);
  });

  test("an expired sign-in answers 401", async ({ playwright, baseURL }) => {
    const user = await createUser();
    const api = await newClient(playwright.request, baseURL!, await sessionCookieFor(user, { expiresAt: Date.now() - 1000 }));
    const res = await api.get("/api/users/profile");
    expect(res.status()).toBe(401);
    expect(await body(res)).toHaveProperty("message");
    expect((await api.put("/api/users/profile", { data: { name: "Too late" } })).status()).toBe(401);
  });

  test("updates name and e-mail and renews the sign-in for 30 days", async ({ playwright, baseURL }) => {
    const user = await createUser();
    const api = await newClient(playwright.request, baseURL!, await sessionCookieFor(user, { expiresAt: Date.now() + 60_000 }));
    const email = uniqueEmail();
    const res = await api.put("/api/users/profile", { data: { name: "Renamed", email: email.toUpperCase(), password: "", currentPassword: user.password } });
    expect(res.status()).toBe(200);
    // The new e-mail waits for its mailed link (issue 27 item 2).
    expect(await body(res)).toEqual({ id: user.id, name: "Renamed", email: user.email, isAdmin: false, pendingEmail: email, message: expect.any(String) });
    const confirmed = await api.post("/api/users/confirm-email", { data: { token: await mailedLinkToken(email, "email-change") } });
    expect(await body(confirmed)).toEqual({ id: user.id, name: "Renamed", email, isAdmin: false });
    const renewed = await sessionStorage.getSession(sessionCookieOf(res)!.split(";")[0]);
    const days = (renewed.get("expiresAt")! - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The old password still works: an empty password means "unchanged".
    const other = await newClient(playwright.request, baseURL!);
    expect((await other.post("/api/users/auth", { data: { email, password: user.password } })).status()).toBe(200);
  });

  test("refuses a taken e-mail, a bad e-mail and a short password", async ({ playwright, baseURL }) => {
    const [user, other] = [await createUser(), await createUser()];
    const api = await newClient(playwright.request, baseURL!, await sessionCookieFor(user));
    for (const data of [{ email: other.email }, { email: "nope" }, { password: "short" }, { name: "" }]) {
      const res = await api.put("/api/users/profile", { data });
      expect(res.status(), JSON.stringify(data)).toBe(400);
      expect(await body(res)).toHaveProperty("errors");
    }
    expect((await api.get("/api/users/profile").then(body)).email).toBe(user.email);
  });

  test("a password change signs out every other session, the changing one keeps working", async ({ playwright, baseURL }) => {
    const user = await createUser();
    const laptop = await newClient(playwright.request, baseURL!);
    const phone = await newClient(playwright.request, baseURL!);
    for (const device of [laptop, phone]) {
      expect((await device.post("/api/users/auth", { data: { email: user.email, password: user.password } })).status()).toBe(200);
    }
    const res = await laptop.put("/api/users/profile", { data: { password: "brand-new-password", currentPassword: user.password } });
    expect(res.status()).toBe(200);
    await body(res);

    expect((await laptop.get("/api/users/profile")).status()).toBe(200);
    expect((await phone.get("/api/users/profile")).status()).toBe(401);
    // A cookie issued before the change is refused even when presented again later.
    const stale = await newClient(playwright.request, baseURL!, await sessionCookieFor(user));
    expect((await stale.get("/api/users/profile")).status()).toBe(401);
  });
});

test.describe("/api/users/{id} (admin)", () => {
  test("GET one user; 404 for unknown or non-numeric ids; 401/403 for others", async ({ playwright, baseURL }) => {
    const [admin, shopper] = [await createUser({ isAdmin: true }), await createUser()];
    const api = await newClient(playwright.request, baseURL!, await sessionCookieFor(admin));
    const res = await api.get(`/api/users/${shopper.id}`);
    expect(res.status()).toBe(200);
    expect(await body(res)).toEqual({ id: shopper.id, name: shopper.name, email: shopper.email, isAdmin: false });
    expect((await api.get("/api/users/99999999")).status()).toBe(404);
    expect((await api.get("/api/users/abc")).status()).toBe(404);

    const asShopper = await newClient(playwright.request, baseURL!, await sessionCookieFor(shopper));
    expect((await asShopper.get(`/api/users/${shopper.id}`)).status()).toBe(403);
    expect((await asShopper.delete(`/api/users/${shopper.id}`)).status()).toBe(403);
    const guest = await newClient(playwright.request, baseURL!);
    expect((await guest.put(`/api/users/${shopper.id}`, { data: { name: "x", email: uniqueEmail() } })).status()).toBe(401);
  });

  test("PUT edits a shopper (userId ignored) and the promotion works on their next request", async ({ playwright, baseURL }) => {
    const [admin, shopper] = [await createUser({ isAdmin: true }), await createUser()];
    const api = await newClient(playwright.request, baseURL!, await sessionCookieFor(admin));
    const shopperApi = await newClient(playwright.request, baseURL!, await sessionCookieFor(shopper));
    expect((await shopperApi.get("/api/users")).status()).toBe(403);

    const email = uniqueEmail();
    const res = await api.put(`/api/users/${shopper.id}`, { data: { userId: admin.id, name: "Promoted", email, isAdmin: true } });
    expect(res.status()).toBe(200);
    expect(await body(res)).toEqual({ id: shopper.id, name: "Promoted", email, isAdmin: true });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).name).toBe(admin.name);
    expect((await shopperApi.get("/api/users")).status()).toBe(200);

    const bad = await api.put(`/api/users/${shopper.id}`, { data: { name: "", email: "nope", isAdmin: "yes" } });
    expect(bad.status()).toBe(400);
  });

  test("editing or deleting another admin is refused with 403; editing oneself is fine", async ({ playwright, baseURL }) => {
    const [admin, other] = [await createUser({ isAdmin: true }), await createUser({ isAdmin: true })];
    const api = await newClient(playwright.request, baseURL!, await sessionCookieFor(admin));
    const edit = await api.put(`/api/users/${other.id}`, { data: { name: "Hijacked", email: other.email, isAdmin: false } });
    expect(edit.status()).toBe(403);
    expect(await body(edit)).toHaveProperty("message");
    expect((await api.delete(`/api/users/${other.id}`)).status()).toBe(403);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ name: other.name, isAdmin: true });

    const self = await api.put(`/api/users/${admin.id}`, { data: { name: "Me Myself", email: admin.email, isAdmin: true } });
    expect(self.status()).toBe(200);
    expect(await body(self)).toMatchObject({ name: "Me Myself", isAdmin: true });
  });

  test("DELETE removes a shopper, whose session then counts as signed out", async ({ playwright, baseURL }) => {
    const [admin, shopper] = [await createUser({ isAdmin: true }), await createUser()];
    const api = await newClient(playwright.request, baseURL!, await sessionCookieFor(admin));
    const shopperApi = await newClient(playwright.request, baseURL!, await sessionCookieFor(shopper));
    const res = await api.delete(`/api/users/${shopper.id}`);
    expect(res.status()).toBe(200);
    expect(await body(res)).toEqual({ message: expect.any(String) });
    expect((await api.get(`/api/users/${shopper.id}`)).status()).toBe(404);
    expect((await shopperApi.get("/api/users/profile")).status()).toBe(401);
    expect((await api.delete(`/api/users/${shopper.id}`)).status()).toBe(404);
  });
});
