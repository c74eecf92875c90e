import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Every admin call of ../shared/API.md answers 401 to a guest and 403 to a
// signed-in shopper, and changes nothing: the rows each call would touch are
// compared before and after, and creations are looked up by their unique data.

type Fixture = Awaited<ReturnType<typeof makeFixture>>;
type Call = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; data?: unknown; multipart?: boolean };

async function makeFixture() {
  const tag = uniqueTag();
  const victim = await createUser();
  const category = await createTestCategory(`Matrix ${tag}`);
  const product = await createTestProduct({ categoryId: category.id, sizes: [{ size: "M", quantity: 3 }] });
  const discount = await prisma.discount.create({ data: { productId: product.id, percentage: 10 } });
  const draft = await createTestProduct({ categoryId: category.id, status: "draft", name: `Matrix draft ${tag}` });
  const footer = await prisma.footerPage.create({ data: { title: `Matrix ${tag}`, description: "<p>Kept</p>" } });
  const order = await prisma.order.create({
    data: {
      placedAsGuest: true,
      shippingName: "Matrix Guest",
      shippingEmail: `matrix-${tag}@example.com`,
      address: "1 Road",
      city: "Dhaka",
      postalCode: "1207",
      phone: "01700000000",
      itemsPaisa: 1000_00,
      shippingPaisa: 0,
      taxPaisa: 150_00,
      totalPaisa: 1150_00,
      items: { create: [{ productId: product.id, name: product.name, image: product.image, pricePaisa: 1000_00, qty: 1, selectedSize: "M" }] },
    },
  });
  const review = await prisma.review.create({ data: { productId: product.id, userId: victim.id, name: victim.name, rating: 1, comment: "Kept" } });
  const fixture = { tag, victim, category, product, draft, discount, footer, order, review };
  made.push(fixture);
  return fixture;
}

const made: { order: { id: string }; category: { id: number }; footer: { id: number } }[] = [];

// The shop's header and footer list every category and footer page: leave
// none of these behind for the pages tested (and photographed) after this file.
test.afterEach(async () => {
  for (const f of made.splice(0)) {
    await prisma.order.deleteMany({ where: { id: f.order.id } });
    await prisma.product.deleteMany({ where: { categoryId: f.category.id } });
    await prisma.category.deleteMany({ where: { id: f.category.id } });
    await prisma.footerPage.deleteMany({ where: { id: f.footer.id } });
  }
});

function callsFor(f: Fixture): Call[] {
  const productBody = {
    name: "Hacked",
    price: 1,
    image: "/placeholder.svg",
    additionalImages: [],
    brand: "X",
    categoryId: 1,
    description: "",
    sizes: [],
  };
  return [
    { method: "GET", path: "/api/users" },
    { method: "GET", path: `/api/users/${f.victim.id}` },
    { method: "PUT", path: `/api/users/${f.victim.id}`, data: { name: "Hacked", email: f.victim.email, isAdmin: true } },
    { method: "DELETE", path: `/api/users/${f.victim.id}` },
    { method: "POST", path: "/api/products" },
    { method: "PUT", path: `/api/products/${f.product.id}`, data: productBody },
    { method: "DELETE", path: `/api/products/${f.product.id}` },
    { method: "PUT", path: `/api/products/${f.draft.id}`, data: { ...productBody, status: "active" } },
    { method: "POST", path: "/api/upload", multipart: true },
    { method: "POST", path: "/api/categories", data: { name: `Created ${f.tag}` } },
    { method: "PUT", path: `/api/categories/${f.category.id}`, data: { name: `Renamed ${f.tag}` } },
    { method: "DELETE", path: `/api/categories/${f.category.id}` },
    { method: "GET", path: "/api/discounts" },
    { method: "POST", path: "/api/discounts", data: { product: f.product.id, category: null, percentage: 77, isActive: true } },
    { method: "GET", path: "/api/discounts/options" },
    { method: "GET", path: `/api/discounts/${f.discount.id}` },
    { method: "PUT", path: `/api/discounts/${f.discount.id}`, data: { percentage: 50, isActive: false } },
    { method: "DELETE", path: `/api/discounts/${f.discount.id}` },
    { method: "GET", path: "/api/orders" },
    { method: "PUT", path: `/api/orders/${f.order.id}/pay` },
    { method: "PUT", path: `/api/orders/${f.order.id}/deliver` },
    { method: "GET", path: "/api/admin/stats" },
    { method: "POST", path: "/api/footer", data: { title: `Created ${f.tag}`, description: "<p>x</p>" } },
    { method: "PUT", path: `/api/footer/${f.footer.id}`, data: { title: "Hacked", description: "<p>x</p>" } },
    { method: "DELETE", path: `/api/footer/${f.footer.id}` },
    { method: "PUT", path: `/api/products/${f.product.id}/reviews/${f.review.id}`, data: { hidden: true } },
    { method: "DELETE", path: `/api/products/${f.product.id}/reviews/${f.review.id}` },
  ];
}

/** Everything the calls above could have changed, in comparable form. */
async function snapshot(f: Fixture) {
  return {
    victim: await prisma.user.findUnique({ where: { id: f.victim.id }, select: { name: true, email: true, isAdmin: true } }),
    product: await prisma.product.findUnique({
      where: { id: f.product.id },
      include: { sizes: { select: { size: true, quantity: true } }, images: { select: { url: true } } },
    }),
    draft: await prisma.product.findUnique({ where: { id: f.draft.id }, select: { name: true, status: true } }),
    category: await prisma.category.findUnique({ where: { id: f.category.id } }),
    discounts: await prisma.discount.findMany({ where: { productId: f.product.id }, orderBy: { id: "asc" } }),
    footer: await prisma.footerPage.findUnique({ where: { id: f.footer.id } }),
    reviews: await prisma.review.findMany({ where: { productId: f.product.id }, orderBy: { id: "asc" } }),
    order: await prisma.order.findUnique({ where: { id: f.order.id }, select: { isPaid: true, paidAt: true, isDelivered: true, deliveredAt: true, cancelledAt: true, confirmedAt: true, confirmMethod: true } }),
    createdCategory: await prisma.category.findFirst({ where: { name: `Created ${f.tag}` } }),
    createdFooter: await prisma.footerPage.findFirst({ where: { title: `Created ${f.tag}` } }),
  };
}

async function send(api: APIRequestContext, call: Call, cookie: string | null, png: Buffer) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  return api.fetch(call.path, {
    method: call.method,
    headers,
    ...(call.multipart ? { multipart: { image: { name: "ok.png", mimeType: "image/png", buffer: png } } } : {}),
    ...(call.data !== undefined ? { data: call.data } : {}),
  });
}

for (const who of ["guest", "shopper"] as const) {
  const expected = who === "guest" ? 401 : 403;

  test(`every admin call answers ${expected} to a ${who} and changes nothing`, async ({ request }) => {
    const fixture = await makeFixture();
    const cookie = who === "guest" ? null : await sessionCookieFor(await createUser());
    // A valid picture, so only the missing permission can be the reason for refusing it.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c2410c" } }).png().toBuffer();
    const before = await snapshot(fixture);

    const calls = callsFor(fixture);
    expect(calls).toHaveLength(27);
    for (const call of calls) {
      const res = await send(request, call, cookie, png);
      const label = `${call.method} ${call.path}`;
      expect.soft(res.status(), label).toBe(expected);
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      // Only an error message: no product, image or list leaks out.
      expect.soft(body && Object.keys(body), label).toEqual(["message"]);
    }

    expect(await snapshot(fixture)).toEqual(before);
    expect(before.discounts).toHaveLength(1);
    expect(before.reviews).toMatchObject([{ hidden: false }]);
    expect(before.createdCategory).toBeNull();
  });
}

// The back office's pages and page actions: a guest or a shopper is sent to
// the login page and nothing changes (a shopper's own cancel is in backoffice.spec.ts).
for (const who of ["guest", "shopper"] as const) {
  test(`every back-office page and page action sends a ${who} to the login page and changes nothing`, async ({ request }) => {
    const fixture = await makeFixture();
    // Not a guest checkout: its link is no capability, so only an admin could cancel it.
    const owner = await createUser();
    await prisma.order.update({ where: { id: fixture.order.id }, data: { placedAsGuest: false, userId: owner.id } });
    const headers: Record<string, string> = who === "guest" ? {} : { Cookie: await sessionCookieFor(await createUser()) };
    const before = await snapshot(fixture);
    const adminOrder = `/admin/order/${fixture.order.id}`;
    const customer = `?customer=${encodeURIComponent(`matrix-${fixture.tag}@example.com`)}`;
    for (const path of [
      "/admin",
      adminOrder,
      `${adminOrder}/slip`,
      "/admin/orderlist.csv",
      "/admin/orderlist?status=cancelled",
      // A customer's orders and the customers list (issue 28 item 5), the blank product editor (item 1).
      `/admin/orderlist${customer}`,
      `/admin/orderlist.csv${customer}`,
      "/admin/userlist?kind=guests",
      "/admin/product/new",
      "/admin/reviewlist",
      "/admin/settings",
    ]) {
      const res = await request.get(path, { headers, maxRedirects: 0 });
      expect.soft(res.status(), path).toBe(302);
      expect.soft(res.headers().location, path).toMatch(/^\/login/);
    }
    // The shop's settings (order limits, COD confirmation): an outsider's save is refused and changes nothing.
    const settingsBefore = await prisma.shopSetting.findMany({ orderBy: { key: "asc" } });
    const settings = await request.post("/admin/settings", { headers, form: { codConfirm: "none", ordersPerIpPerHour: "1" }, maxRedirects: 0 });
    expect.soft(settings.status(), "settings").toBe(302);
    expect.soft(settings.headers().location, "settings").toMatch(/^\/login/);
    expect.soft(await prisma.shopSetting.findMany({ orderBy: { key: "asc" } }), "settings unchanged").toEqual(settingsBefore);
    for (const intent of ["pay", "deliver", "confirm-call"]) {
      const res = await request.post(`/order/${fixture.order.id}`, { headers, form: { intent }, maxRedirects: 0 });
      expect.soft(res.status(), intent).toBe(302);
      expect.soft(res.headers().location, intent).toMatch(/^\/login/);
    }
    // The back office's order view: every action, cancelling too, is the admin's.
    for (const intent of ["pay", "deliver", "cancel", "confirm-call"]) {
      const res = await request.post(adminOrder, { headers, form: { intent, reason: "refused" }, maxRedirects: 0 });
      expect.soft(res.status(), `${adminOrder} ${intent}`).toBe(302);
      expect.soft(res.headers().location, `${adminOrder} ${intent}`).toMatch(/^\/login/);
    }
    // Hiding and deleting reviews are the admin's.
    const reviewFields = { productId: String(fixture.product.id), reviewId: String(fixture.review.id) };
    for (const form of [{ intent: "visibility", hidden: "true" }, { intent: "delete", confirmed: "yes" }] as Record<string, string>[]) {
      const res = await request.post("/admin/reviewlist", { headers, form: { ...form, ...reviewFields }, maxRedirects: 0 });
      expect.soft(res.status(), `reviewlist ${form.intent!}`).toBe(302);
      expect.soft(res.headers().location, `reviewlist ${form.intent!}`).toMatch(/^\/login/);
    }
    // Creating a product from the blank editor is the admin's: nothing is made.
    const created = await request.post("/admin/product/new", {
      headers,
      form: { intent: "save", name: `Matrix new ${fixture.tag}`, price: "10", brand: "X", categoryId: "1", image: "/placeholder.svg" },
      maxRedirects: 0,
    });
    expect.soft(created.status(), "new product").toBe(302);
    expect.soft(created.headers().location, "new product").toMatch(/^\/login/);
    expect.soft(await prisma.product.count({ where: { name: `Matrix new ${fixture.tag}` } }), "no product made").toBe(0);
    // Publishing a draft is the admin's; to anyone else the draft does not exist.
    const publish = await request.post("/admin/productlist", { headers, form: { intent: "publish", id: String(fixture.draft.id) }, maxRedirects: 0 });
    expect.soft(publish.status(), "publish").toBe(302);
    expect.soft(publish.headers().location, "publish").toMatch(/^\/login/);
    expect.soft((await request.get(`/product/${fixture.draft.id}`, { headers })).status(), "draft page").toBe(404);
    expect.soft((await request.get(`/api/products/${fixture.draft.id}`, { headers })).status(), "draft API").toBe(404);
    const cancel = await request.post(`/order/${fixture.order.id}`, { headers, form: { intent: "cancel", reason: "refused" }, maxRedirects: 0 });
    expect(cancel.status()).toBe(404);
    expect(await snapshot(fixture)).toEqual(before);
  });
}
