import { expect, test, type APIRequestContext } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// The back office after the third audit (issue 28, items 1, 4 and 5), as HTTP
// answers: where signing in lands, a refused publish from the product list,
// and the customers list with a customer's orders.

const rnd = () => Math.floor(Math.random() * 254) + 1;
// Each sign-in from an address of its own, so the sign-in limits of one test never throttle another.
const ip = () => `10.${rnd()}.${rnd()}.${rnd()}`;

function post(request: APIRequestContext, path: string, form: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "X-Forwarded-For": ip(), ...(cookie ? { Cookie: cookie } : {}) };
  return request.post(path, { form, headers, maxRedirects: 0 });
}

test("signing in lands an admin on /admin and a shopper on the shop, unless a redirect asked for a page", async ({ request, playwright, baseURL }) => {
  const [admin, shopper] = [await createUser({ isAdmin: true }), await createUser()];
  // Each sign-in from a browser of its own: a context keeps the cookie it is given.
  const signIn = async (user: typeof admin, path = "/login", redirectTo = "") => {
    const fresh = await playwright.request.newContext({ baseURL });
    const res = await post(fresh, path, { email: user.email, password: user.password, redirectTo });
    const result = { status: res.status(), location: res.headers().location };
    await fresh.dispose();
    return result;
  };
  const landing = async (res: Awaited<ReturnType<typeof signIn>>) => {
    expect(res.status).toBe(302);
    return res.location;
  };
  expect(await landing(await signIn(admin))).toBe("/admin");
  expect(await landing(await signIn(admin, "/bn/login"))).toBe("/admin");
  expect(await landing(await signIn(shopper))).toBe("/");
  expect(await landing(await signIn(shopper, "/bn/login"))).toBe("/bn");
  // Asked for: followed, for an admin too (the guard of an admin page sends them back to it).
  expect(await landing(await signIn(admin, "/login", "/admin/orderlist?status=unpaid"))).toBe("/admin/orderlist?status=unpaid");
  expect(await landing(await signIn(admin, "/login", "/cart"))).toBe("/cart");
  // Off the site: dropped, as if not asked.
  expect(await landing(await signIn(admin, "/login", "//evil.example/admin"))).toBe("/admin");

  // The guard's own redirect carries the page, and the form hands it on.
  const guarded = await request.get("/admin/orderlist?status=unpaid", { maxRedirects: 0 });
  expect(guarded.headers().location).toBe(`/login?${new URLSearchParams({ redirect: "/admin/orderlist?status=unpaid" })}`);
  const form = await (await request.get(guarded.headers().location!)).text();
  expect(form).toContain('name="redirectTo" value="/admin/orderlist?status=unpaid"');

  // Already signed in, /login sends them on the same way.
  const visit = async (user: typeof admin, path: string) =>
    (await request.get(path, { headers: { Cookie: await sessionCookieFor(user) }, maxRedirects: 0 })).headers().location;
  expect(await visit(admin, "/login")).toBe("/admin");
  expect(await visit(shopper, "/login")).toBe("/");
  expect(await visit(admin, "/login?redirect=%2Fprofile")).toBe("/profile");
});

test("the product list's Publish refuses a draft that is not ready: a 400 page saying why, the draft unchanged", async ({ request }) => {
  const cookie = await sessionCookieFor(await createUser({ isAdmin: true }));
  const draft = await createTestProduct({ status: "draft", name: `Unready ${uniqueTag()}`, pricePaisa: 0, sizes: [{ size: "M", quantity: 0 }] });
  const res = await post(request, "/admin/productlist", { intent: "publish", id: String(draft.id) }, cookie);
  expect(res.status()).toBe(400);
  const html = await res.text();
  expect(html).toContain(
    `Cannot publish “${draft.name}” yet: it needs a price above ৳0, a size with stock and a main image of its own (the placeholder picture does not count).`,
  );
  expect(html).toContain(`href="/admin/product/${draft.id}/edit"`);
  expect((await prisma.product.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("draft");
  await prisma.product.delete({ where: { id: draft.id } });
});

test("the users list has guest buyers with their orders and spend, and ?customer= lists a customer's orders", async ({ request }) => {
  const cookie = await sessionCookieFor(await createUser({ isAdmin: true }));
  const headers = { Cookie: cookie };
  const tag = uniqueTag();
  const email = `guest-${tag}@example.com`;
  const product = await createTestProduct();
  const line = [{ product, size: "M", qty: 1 }];
  const paid = await createTestOrder({ name: `Guest ${tag}`, email, lines: line, isPaid: true });
  const unpaid = await createTestOrder({ name: `Guest ${tag}`, email, lines: line, phone: "01911000111" });
  const other = await createTestOrder({ name: `Other ${tag}`, lines: line });

  const list = await request.get(`/admin/userlist?${new URLSearchParams({ keyword: email, kind: "guests" })}`, { headers });
  expect(list.status()).toBe(200);
  const html = await list.text();
  expect(html).toContain(email);
  expect(html).toContain("Guest");
  expect(html).toContain("2 orders");
  expect(html).toContain("৳1,150.00"); // the paid one: 1,000 + 15 % VAT
  expect(html).toContain(`href="/admin/orderlist?${new URLSearchParams({ customer: email })}"`);

  const orders = await (await request.get(`/admin/orderlist?${new URLSearchParams({ customer: email.toUpperCase() })}`, { headers })).text();
  for (const o of [paid, unpaid]) expect(orders).toContain(`TB-${o.number}`);
  expect(orders).not.toContain(`TB-${other.number}`);
  // By phone, as a caller gives it.
  const byPhone = await (await request.get(`/admin/orderlist?${new URLSearchParams({ customer: "+880 1911-000111" })}`, { headers })).text();
  expect(byPhone).toContain(`TB-${unpaid.number}`);
  expect(byPhone).not.toContain(`TB-${paid.number}`);
  // The CSV export keeps the filter.
  const csv = await (await request.get(`/admin/orderlist.csv?${new URLSearchParams({ customer: email })}`, { headers })).text();
  expect(csv.match(/TB-\d+/g)?.sort()).toEqual([`TB-${paid.number}`, `TB-${unpaid.number}`].sort());
  await prisma.order.deleteMany({ where: { id: { in: [paid.id, unpaid.id, other.id] } } });
});
