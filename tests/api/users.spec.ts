import { expect, test, type APIRequestContext, type APIResponse, type request as requestApi } from "@playwright/test";
import { createCookieSessionStorage } from "@remix-run/node";

import { mailedLinkToken } from "../support/mailed-link.fixtures";
import { sessionStorage } from "~/models/accounts/session.server";

import { createUser, sessionCookieFor } from "../support/auth";
import { prisma } from "../support/db";

// The /api/users contract (docs/api.md): register, sign in, sign out,
// profile, the admin calls, sign-in expiry, forged cookies and rate limiting.

type Client = APIRequestContext;
let clients: Client[] = [];

/** A fresh HTTP client with its own cookie jar and its own client IP (rate-limit bucket). */
async function newClient(playwright: typeof requestApi, baseURL: string, cookie?: string) {
  const ip = `10.${rnd()}.${rnd()}.${rnd()}`;
  const headers: Record<string, string> = { "X-Forwarded-For": ip };
  if (cookie) headers.Cookie = cookie;
  const client = await playwright.newContext({ baseURL, extraHTTPHeaders: headers });
  clients.push(client);
  return client;
}
const rnd = () => Math.floor(Math.random() * 254) + 1;
const uniqueEmail = () => `api-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Every body must be free of passwords and hashes: no bcrypt hash anywhere and
 * no password-ish key, except as the name of a field in validation `errors`.
 */
async function body(res: APIResponse) {
  const text = await res.text();
  expect(text).not.toMatch(/\$2[aby]\$/);
  const json = JSON.parse(text);
  const walk = (value: unknown, parentKey = ""): void => {
    if (!value || typeof value !== "object") return;
    for (const [key, child] of Object.entries(value)) {
      if (parentKey !== "errors") expect(key, text).not.toMatch(/password|hash/i);
      walk(child, key);
    }
  };
  walk(json);
  return json;
}

function sessionCookieOf(res: APIResponse) {
  const header = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
  return header?.value;
}

test.afterEach(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  clients = [];
});

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
