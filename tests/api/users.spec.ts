import { expect, test } from "@playwright/test";

import { sessionStorage } from "~/models/accounts/session.server";

import { body, disposeClients, newClient, sessionCookieOf, uniqueEmail } from "../support/api-clients";
import { createUser, sessionCookieFor } from "../support/auth";

// The /api/users contract (docs/api.md): register, sign in, sign out,
// profile, the admin calls, sign-in expiry, forged cookies and rate limiting.

test.afterEach(disposeClients);

test.describe("POST /api/users (register)", () => {
  test("creates the user, signs them in and answers 201 without a password", async ({ playwright, baseURL }) => {
    const api = await newClient(playwright.request, baseURL!);
    const email = uniqueEmail();
    const res = await api.post("/api/users", { data: { name: "Nusrat Jahan", email: `  ${email.toUpperCase()}`, password: "cotton-kurta-77" } });
    expect(res.status()).toBe(201);
    const user = await body(res);
    expect(user).toEqual({ id: expect.any(Number), name: "Nusrat Jahan", email, isAdmin: false });
    expect(sessionCookieOf(res)).toMatch(/HttpOnly/i);
    expect(sessionCookieOf(res)).toMatch(/SameSite=Lax/i);

    const me = await api.get("/api/users/profile");
    expect(me.status()).toBe(200);
    expect(await body(me)).toEqual(user);
  });

  test("refuses an existing e-mail, a bad e-mail, a short password and malformed bodies with 400", async ({ playwright, baseURL }) => {
    const api = await newClient(playwright.request, baseURL!);
    const existing = await createUser();

    const dup = await api.post("/api/users", { data: { name: "X", email: existing.email.toUpperCase(), password: "cotton-kurta-77" } });
    expect(dup.status()).toBe(400);
    expect(await body(dup)).toMatchObject({ message: "User already exists" });

    const badEmail = await api.post("/api/users", { data: { name: "X", email: "not-an-email", password: "cotton-kurta-77" } });
    expect(badEmail.status()).toBe(400);
    expect((await body(badEmail)).errors.email).toEqual(["Enter a valid email address"]);

    const short = await api.post("/api/users", { data: { name: "X", email: uniqueEmail(), password: "short" } });
    expect(short.status()).toBe(400);
    expect((await body(short)).errors.password).toEqual(["Password must be at least 8 characters"]);

    const notJson = await api.post("/api/users", { headers: { "Content-Type": "application/json" }, data: "{oops" });
    expect(notJson.status()).toBe(400);

    const wrongTypes = await api.post("/api/users", { data: { name: 5, email: ["a"], password: null } });
    expect(wrongTypes.status()).toBe(400);
    expect(Object.keys((await body(wrongTypes)).errors).sort()).toEqual(["email", "name", "password"]);

    expect(sessionCookieOf(dup)).toBeUndefined();
  });

  test("GET lists users for admins only", async ({ playwright, baseURL }) => {
    const [admin, shopper] = [await createUser({ isAdmin: true }), await createUser()];
    const asAdmin = await newClient(playwright.request, baseURL!, await sessionCookieFor(admin));
    const res = await asAdmin.get("/api/users");
    expect(res.status()).toBe(200);
    const users = await body(res);
    expect(users).toContainEqual({ id: shopper.id, name: shopper.name, email: shopper.email, isAdmin: false });
    expect(users).toContainEqual({ id: admin.id, name: admin.name, email: admin.email, isAdmin: true });

    const asShopper = await newClient(playwright.request, baseURL!, await sessionCookieFor(shopper));
    expect((await asShopper.get("/api/users")).status()).toBe(403);
    const guest = await newClient(playwright.request, baseURL!);
    expect((await guest.get("/api/users")).status()).toBe(401);
  });
});

test.describe("POST /api/users/auth (sign in)", () => {
  test("signs in with the right password, e-mail in any case", async ({ playwright, baseURL }) => {
    const user = await createUser();
    const api = await newClient(playwright.request, baseURL!);
    const res = await api.post("/api/users/auth", { data: { email: user.email.toUpperCase(), password: user.password } });
    expect(res.status()).toBe(200);
    expect(await body(res)).toEqual({ id: user.id, name: user.name, email: user.email, isAdmin: false });
    expect((await api.get("/api/users/profile")).status()).toBe(200);
  });

  test("gives the same 401 for a wrong password and an unknown e-mail", async ({ playwright, baseURL }) => {
    const user = await createUser();
    const api = await newClient(playwright.request, baseURL!);
    const wrongPassword = await api.post("/api/users/auth", { data: { email: user.email, password: "not-the-password" } });
    const unknownEmail = await api.post("/api/users/auth", { data: { email: uniqueEmail(), password: "not-the-password" } });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status()).toBe(401);
      expect(await body(res)).toEqual({ message: "Invalid email or password" });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect((await api.get("/api/users/profile")).status()).toBe(401);
  });

  test("answers 400 for a missing field and 405 for GET", async ({ playwright, baseURL }) => {
    const api = await newClient(playwright.request, baseURL!);
    const res = await api.post("/api/users/auth", { data: { email: "a@example.com" } });
    expect(res.status()).toBe(400);
    expect((await body(res)).errors).toHaveProperty("password");
    expect((await api.get("/api/users/auth")).status()).toBe(405);
  });

  test("the 11th failed sign-in in a minute answers 429; another IP and account are unaffected", async ({ playwright, baseURL }) => {
    const [victim, other] = [await createUser(), await createUser()];
    const attacker = await newClient(playwright.request, baseURL!);
    for (let i = 0; i < 10; i++) {
      const res = await attacker.post("/api/users/auth", { data: { email: victim.email, password: `guess-${i}` } });
      expect(res.status()).toBe(401);
    }
    const eleventh = await attacker.post("/api/users/auth", { data: { email: victim.email, password: victim.password } });
    expect(eleventh.status()).toBe(429);
    expect((await body(eleventh)).message).toMatch(/too many attempts/i);

    // The victim's e-mail is locked from every IP for the minute; others sign in as usual.
    const elsewhere = await newClient(playwright.request, baseURL!);
    expect((await elsewhere.post("/api/users/auth", { data: { email: victim.email, password: victim.password } })).status()).toBe(429);
    expect((await elsewhere.post("/api/users/auth", { data: { email: other.email, password: other.password } })).status()).toBe(200);
  });

  test("failed registrations count too", async ({ playwright, baseURL }) => {
    const existing = await createUser();
    const api = await newClient(playwright.request, baseURL!);
    for (let i = 0; i < 10; i++) {
      const res = await api.post("/api/users", { data: { name: "Probe", email: existing.email, password: "cotton-kurta-77" } });
      expect(res.status()).toBe(400);
    }
    const res = await api.post("/api/users", { data: { name: "Probe", email: uniqueEmail(), password: "cotton-kurta-77" } });
    expect(res.status()).toBe(429);
  });
});

test.describe("POST /api/users/logout", () => {
  test("ends the session and clears the cookie (and with it the cart)", async ({ playwright, baseURL }) => {
    const user = await createUser();
    const session = await sessionStorage.getSession(await sessionCookieFor(user));
    session.set("cart", [{ productId: 1, size: "M", qty: 2 }]);
    const cookie = (await sessionStorage.commitSession(session)).split(";")[0]!;
    const api = await newClient(playwright.request, baseURL!);

    const res = await api.post("/api/users/logout", { headers: { Cookie: cookie } });
    expect(res.status()).toBe(200);
    expect(await body(res)).toEqual({ message: expect.any(String) });
    const cleared = sessionCookieOf(res);
    expect(cleared).toMatch(/^__session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect((await api.get("/api/users/profile")).status()).toBe(401);
  });
});
