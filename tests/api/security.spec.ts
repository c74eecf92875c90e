import { expect, test, type APIRequestContext } from "@playwright/test";

import { sessionStorage } from "~/models/accounts/session.server";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// The security review's HTTP-level proofs (docs/security.md names each test).
// Everything else security-related is proved where the feature is tested:
// users.spec.ts (forged cookies, expiry, password change, rate limits),
// admin-matrix.spec.ts (every admin API call), upload.spec.ts, platform.spec.ts.

const rnd = () => Math.floor(Math.random() * 254) + 1;
const ip = () => `10.${rnd()}.${rnd()}.${rnd()}`;

async function makeFixture() {
  const tag = uniqueTag();
  const victim = await createUser();
  const category = await createTestCategory(`Guard ${tag}`);
  const product = await createTestProduct({ categoryId: category.id });
  const spare = await createTestProduct({ categoryId: category.id });
  const discount = await prisma.discount.create({ data: { productId: product.id, percentage: 10 } });
  const footer = await prisma.footerPage.create({ data: { title: `Guard ${tag}`, description: "<p>Kept</p>" } });
  // A guest's order awaiting its code: every admin step (paid, delivered, confirmed, cancelled) would change it.
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }], name: "Guard Guest", awaitingConfirmation: true });
  const [hideMe, deleteMe] = await Promise.all(
    [1, 2].map(async (rating) => {
      const writer = await createUser();
      return prisma.review.create({ data: { productId: product.id, userId: writer.id, name: writer.name, rating, comment: `Guard ${tag}` } });
    }),
  );
  return { tag, victim, category, product, spare, discount, footer, order, hideMe: hideMe!, deleteMe: deleteMe! };
}
type Fixture = Awaited<ReturnType<typeof makeFixture>>;

/** Every admin page action, with a body that an admin's request would carry out (checked at the end). */
function pageActions(f: Fixture): { path: string; form: Record<string, string> }[] {
  const productForm = {
    intent: "save",
    name: "Hacked",
    price: "1",
    brand: "X",
    categoryId: String(f.category.id),
    description: "<p>x</p>",
    image: "/placeholder.svg",
    "sizes[0].size": "M",
    "sizes[0].quantity": "1",
  };
  return [
    { path: "/admin/categorylist", form: { intent: "create", name: `Created ${f.tag}` } },
    { path: `/admin/category/${f.category.id}/edit`, form: { name: `Renamed ${f.tag}` } },
    { path: "/admin/discount/create", form: { category: String(f.category.id), percentage: "15", isActive: "on" } },
    { path: `/admin/discount/${f.discount.id}/edit`, form: { percentage: "50", isActive: "on" } },
    { path: "/admin/footerCreate", form: { title: `Created ${f.tag}`, description: "<p>x</p>" } },
    { path: "/admin/footerCreate", form: { id: String(f.footer.id), title: "Hacked", description: "<p>x</p>" } },
    { path: `/admin/product/${f.product.id}/edit`, form: productForm },
    { path: "/admin/product/new", form: { ...productForm, name: `Created ${f.tag}` } },
    { path: `/admin/user/${f.victim.id}/edit`, form: { name: "Hacked", email: f.victim.email } },
    { path: `/order/${f.order.id}`, form: { intent: "pay" } },
    { path: `/order/${f.order.id}`, form: { intent: "deliver" } },
    { path: "/admin/reviewlist", form: { intent: "visibility", hidden: "true", productId: String(f.product.id), reviewId: String(f.hideMe.id) } },
    { path: "/admin/reviewlist", form: { intent: "delete", productId: String(f.product.id), reviewId: String(f.deleteMe.id), confirmed: "yes" } },
    { path: "/admin/discountlist", form: { intent: "delete", id: String(f.discount.id), confirmed: "yes" } },
    { path: "/admin/footerCreate", form: { intent: "delete", id: String(f.footer.id), confirmed: "yes" } },
    { path: "/admin/productlist", form: { intent: "delete", id: String(f.spare.id), confirmed: "yes" } },
    { path: "/admin/userlist", form: { intent: "delete", id: String(f.victim.id), confirmed: "yes" } },
    { path: "/admin/categorylist", form: { intent: "delete", id: String(f.category.id), confirmed: "yes" } },
  ];
}

/** The fixture's rows in comparable form, plus anything created under its tag. */
async function snapshot(f: Fixture) {
  const [users, categories, products, discounts, footers, orders, reviews] = await Promise.all([
    prisma.user.findMany({ where: { id: f.victim.id }, select: { name: true, isAdmin: true } }),
    prisma.category.findMany({ where: { name: { contains: f.tag } }, select: { id: true, name: true } }),
    prisma.product.findMany({
      where: { OR: [{ id: { in: [f.product.id, f.spare.id] } }, { name: `Created ${f.tag}` }] },
      select: { id: true, name: true, pricePaisa: true },
    }),
    prisma.discount.findMany({ where: { OR: [{ id: f.discount.id }, { categoryId: f.category.id }] }, select: { id: true, percentage: true } }),
    prisma.footerPage.findMany({ where: { OR: [{ id: f.footer.id }, { title: { contains: f.tag } }] }, select: { id: true, title: true } }),
    prisma.order.findMany({ where: { id: f.order.id }, select: { isPaid: true, isDelivered: true } }),
    prisma.review.findMany({ where: { productId: f.product.id }, select: { id: true, hidden: true }, orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify({ users, categories, products, discounts, footers, orders, reviews });
}

async function post(request: APIRequestContext, path: string, form: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "X-Forwarded-For": ip() };
  if (cookie) headers.Cookie = cookie;
  return request.post(path, { form, headers, maxRedirects: 0 });
}

test("every admin page action refuses guests and shoppers and changes nothing; admins succeed", async ({ request }) => {
  test.setTimeout(60_000);
  const f = await makeFixture();
  const shopper = await sessionCookieFor(await createUser());
  const admin = await sessionCookieFor(await createUser({ isAdmin: true }));
  const before = await snapshot(f);
  const actions = pageActions(f);

  for (const { path, form } of actions) {
    const guest = await post(request, path, form);
    expect(guest.status(), `guest ${path} ${form.intent ?? ""}`).toBe(302);
    expect(guest.headers().location, `guest ${path}`).toBe(`/login?${new URLSearchParams({ redirect: path })}`);
    const asShopper = await post(request, path, form, shopper);
    expect(asShopper.status(), `shopper ${path} ${form.intent ?? ""}`).toBe(302);
    expect(asShopper.headers().location, `shopper ${path}`).toBe("/login");
  }
  expect(await snapshot(f)).toBe(before);

  // The control: the very same requests from an admin do take effect, so the refusals above are the guard's doing.
  for (const { path, form } of actions) {
    const previous = await snapshot(f);
    const res = await post(request, path, form, admin);
    expect(res.status(), `admin ${path} ${form.intent ?? ""}`).toBe(302);
    const location = res.headers().location ?? "";
    expect(location, `admin ${path}`).not.toMatch(/^\/login/);
    expect(await snapshot(f), `admin ${path} ${form.intent ?? ""} changed something`).not.toBe(previous);
  }
  await prisma.product.deleteMany({ where: { name: `Created ${f.tag}` } });
});

test("another shopper's order is a 404 on the page and in the API; the owner sees it", async ({ request }) => {
  const [owner, other] = [await createUser(), await createUser()];
  const product = await createTestProduct();
  const order = await prisma.order.create({
    data: {
      userId: owner.id,
      shippingName: owner.name,
      shippingEmail: owner.email,
      address: "Secret Street 7",
      city: "Dhaka",
      postalCode: "1207",
      phone: "01700000000",
      itemsPaisa: 1000_00,
      shippingPaisa: 0,
      taxPaisa: 0,
      totalPaisa: 1000_00,
      items: { create: [{ productId: product.id, name: product.name, image: product.image, pricePaisa: 1000_00, qty: 1, selectedSize: "M" }] },
    },
  });
  for (const cookie of [await sessionCookieFor(other), undefined]) {
    const headers = cookie ? { Cookie: cookie } : undefined;
    const page = await request.get(`/order/${order.id}`, { headers });
    expect(page.status()).toBe(404);
    expect(await page.text()).not.toContain("Secret Street 7");
    const api = await request.get(`/api/orders/${order.id}`, { headers });
    expect([401, 404]).toContain(api.status());
  }
  const mine = await request.get(`/order/${order.id}`, { headers: { Cookie: await sessionCookieFor(owner) } });
  expect(mine.status()).toBe(200);
  expect(await mine.text()).toContain("Secret Street 7");
});

test("sign-in never redirects off-site, whatever the redirect parameter says", async ({ request, playwright, baseURL }) => {
  const user = await createUser();
  // The forms are read by a client of their own: `request` gets signed in below, and /login then redirects.
  const guest = await playwright.request.newContext({ baseURL });
  const evil = ["//evil.example", "https://evil.example/", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)", "%2F%2Fevil.example"];
  for (const target of evil) {
    const login = await guest.get(`/login?redirect=${encodeURIComponent(target)}`);
    // Refused, the target is dropped: the form carries none, and signing in lands where it would without one.
    expect(await login.text()).toContain('name="redirectTo" value=""');
    const res = await post(request, "/login", { email: user.email, password: user.password, redirectTo: target });
    expect(res.status(), target).toBe(302);
    expect(res.headers().location, target).toBe("/");
    const reg = await post(request, "/register", {
      name: "Redirected",
      email: `redir-${uniqueTag()}@example.com`,
      password: "cotton-kurta-77",
      confirmPassword: "cotton-kurta-77",
      redirectTo: target,
    });
    expect(reg.headers().location, target).toBe("/");
  }
  const ok = await post(request, "/login", { email: user.email, password: user.password, redirectTo: "/profile?tab=1" });
  expect(ok.headers().location).toBe("/profile?tab=1");
  await guest.dispose();
});

test("the session cookie is HttpOnly, SameSite=Lax and signed; signing in rewrites it", async ({ request }) => {
  const user = await createUser();
  const res = await post(request, "/login", { email: user.email, password: user.password, redirectTo: "/" });
  const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
  expect(cookie?.value).toMatch(/;\s*HttpOnly/i);
  expect(cookie?.value).toMatch(/;\s*SameSite=Lax/i);
  expect(cookie?.value).toMatch(/;\s*Path=\//i);
  const session = await sessionStorage.getSession(cookie!.value.split(";")[0]);
  expect(session.get("userId")).toBe(user.id);
});

test("signing in over someone else's session drops their cart and shipping details", async ({ request }) => {
  const [first, second] = [await createUser(), await createUser()];
  const planted = await sessionStorage.getSession();
  planted.set("userId", first.id);
  planted.set("sessionVersion", first.sessionVersion);
  planted.set("expiresAt", Date.now() + 60_000);
  planted.set("cart", [{ productId: 1, size: "M", qty: 2 }]);
  planted.set("shipping", { address: "First's home", city: "Dhaka", postalCode: "1207", phone: "01711000000", deliveryLabel: "Home" });
  const cookie = (await sessionStorage.commitSession(planted)).split(";")[0]!;
  const res = await post(request, "/login", { email: second.email, password: second.password, redirectTo: "/" }, cookie);
  expect(res.status()).toBe(302);
  const renewed = await sessionStorage.getSession(res.headers()["set-cookie"]!.split(";")[0]);
  expect(renewed.get("userId")).toBe(second.id);
  expect(renewed.get("shipping")).toBeUndefined();
  expect(renewed.get("cart") ?? []).toEqual([]);
});

test("register and profile ignore isAdmin (no mass assignment)", async ({ request }) => {
  const email = `mass-${uniqueTag()}@example.com`;
  const api = await request.post("/api/users", {
    headers: { "X-Forwarded-For": ip() },
    data: { name: "Mallory", email, password: "cotton-kurta-77", isAdmin: true },
  });
  expect(api.status()).toBe(201);
  expect((await api.json()).isAdmin).toBe(false);
  const pageEmail = `mass-${uniqueTag()}@example.com`;
  await post(request, "/register", { name: "Mallory", email: pageEmail, password: "cotton-kurta-77", confirmPassword: "cotton-kurta-77", isAdmin: "on" });
  const user = await createUser();
  const put = await request.put("/api/users/profile", { headers: { Cookie: await sessionCookieFor(user) }, data: { name: "Mallory", isAdmin: true } });
  expect(put.status()).toBe(200);
  const rows = await prisma.user.findMany({ where: { email: { in: [email, pageEmail, user.email] } }, select: { isAdmin: true } });
  expect(rows).toHaveLength(3);
  expect(rows.every((r) => !r.isAdmin)).toBe(true);
});

/** Median time of a few sign-in attempts. */
