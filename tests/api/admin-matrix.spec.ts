import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";
import { routeFor, routeManifest, type ManifestRoute } from "../support/routes";

// Every admin call of docs/api.md answers 401 to a guest and 403 to a
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
  // A guest's order awaiting its code: every admin step (paid, delivered, confirmed, cancelled) would change it.
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }], name: "Matrix Guest", awaitingConfirmation: true });
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
    { method: "PUT", path: `/api/orders/${f.order.id}/confirm` },
    { method: "PUT", path: `/api/orders/${f.order.id}/ship`, data: { courier: "pathao", trackingNumber: "MATRIX1" } },
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
    order: await prisma.order.findUnique({ where: { id: f.order.id }, select: { isPaid: true, paidAt: true, isDelivered: true, deliveredAt: true, cancelledAt: true, confirmedAt: true, confirmMethod: true, shippedAt: true, trackingNumber: true } }),
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
    expect(calls).toHaveLength(29);
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

/**
 * The /api routes with no admin-only method, and why. Every other /api route
 * of the route manifest must have a call above: a new route fails the next
 * test until it is either in the matrix or listed here.
 */
const OPEN_API_ROUTES: Record<string, string> = {
  "routes/api.$": "unknown /api paths: a JSON 404 for everyone",
  "routes/api.config.paypal": "public configuration",
  "routes/api.orders.$id": "the order's buyer, or a guest order's link",
  "routes/api.orders.$id.cancel": "the buyer cancels their own order",
  "routes/api.orders.$id.resend-code": "the buyer asks for the code again",
  "routes/api.orders.find": "a guest finds their order",
  "routes/api.orders.mine": "the signed-in buyer's orders",
  "routes/api.products.$id.reviews": "a signed-in shopper reviews",
  "routes/api.products.category.$categoryId": "public catalogue",
  "routes/api.products.suggest": "public catalogue",
  "routes/api.products.top": "public catalogue",
  "routes/api.users.auth": "sign-in",
  "routes/api.users.confirm-email": "the mailed link",
  "routes/api.users.forgot-password": "anyone",
  "routes/api.users.logout": "anyone",
  "routes/api.users.profile": "the signed-in user's own",
  "routes/api.users.reset-password": "the mailed link",
};

test("every /api route of the route manifest is in the admin matrix or listed as open", async () => {
  const routes = await routeManifest();
  const api = routes.filter((r) => r.pattern === "/api" || r.pattern.startsWith("/api/"));
  const fixture = { tag: "x", victim: { id: 1, email: "" }, category: { id: 1 }, product: { id: 1 }, draft: { id: 1 }, discount: { id: 1 }, footer: { id: 1 }, order: { id: "0" }, review: { id: 1 } };
  const covered = new Set(callsFor(fixture as unknown as Fixture).map((call) => routeFor(routes, call.path)?.id));
  expect(api.length).toBeGreaterThan(30);
  const unclassified = api.filter((r) => !covered.has(r.id) && !(r.id in OPEN_API_ROUTES)).map((r) => `${r.id} (${r.pattern})`);
  expect(unclassified, "add the route's admin calls to callsFor, or list it in OPEN_API_ROUTES").toEqual([]);
  // And the list holds no route that is gone or already in the matrix.
  const stale = Object.keys(OPEN_API_ROUTES).filter((id) => covered.has(id) || !api.some((r) => r.id === id));
  expect(stale).toEqual([]);
});

/** A concrete URL for an admin page's pattern, with the fixture's ids in its parameters. */
function urlFor(route: ManifestRoute, f: Fixture): string {
  const ids: Record<string, string> = {
    "routes/admin.order.$id": f.order.id,
    "routes/admin_.order.$id.slip": f.order.id,
    "routes/admin.product.$id.edit": String(f.product.id),
    "routes/admin.category.$id.edit": String(f.category.id),
    "routes/admin.discount.$id.edit": String(f.discount.id),
    "routes/admin.user.$id.edit": String(f.victim.id),
  };
  return route.pattern.replace(/:(\w+)/g, (_, name: string) => (name === "pageNumber" ? "2" : (ids[route.id] ?? "1")));
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
    // Every back-office route of the route manifest, so a new one cannot be left out: its page, and its action with an empty form.
    const pages = (await routeManifest()).filter((r) => r.pattern === "/admin" || r.pattern.startsWith("/admin/"));
    expect(pages.length).toBeGreaterThan(15);
    for (const route of pages) {
      const url = urlFor(route, fixture);
      const res = await request.get(url, { headers, maxRedirects: 0 });
      expect.soft(res.status(), `GET ${url}`).toBe(302);
      expect.soft(res.headers().location, `GET ${url}`).toMatch(/^\/login/);
      if (!route.hasAction) continue;
      const post = await request.post(url, { headers, form: { intent: "delete" }, maxRedirects: 0 });
      expect.soft(post.status(), `POST ${url}`).toBe(302);
      expect.soft(post.headers().location, `POST ${url}`).toMatch(/^\/login/);
    }
    // Query strings of their own: a customer's orders and the customers list (issue 28 item 5).
    const customer = `?customer=${encodeURIComponent(`matrix-${fixture.tag}@example.com`)}`;
    for (const path of ["/admin/orderlist?status=cancelled", `/admin/orderlist${customer}`, `/admin/orderlist.csv${customer}`, "/admin/userlist?kind=guests"]) {
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
    // The search synonyms: an outsider's new group, edit or delete is refused and changes nothing.
    const synonymsBefore = await prisma.searchSynonym.findMany({ orderBy: { id: "asc" } });
    const group = String(synonymsBefore[0]!.id);
    for (const form of [{ intent: "save", terms: "hacked, words" }, { intent: "save", id: group, terms: "sari, sara" }, { intent: "delete", id: group, confirmed: "yes" }] as Record<string, string>[]) {
      const res = await request.post("/admin/synonyms", { headers, form, maxRedirects: 0 });
      expect.soft(res.status(), `synonyms ${form.intent}`).toBe(302);
      expect.soft(res.headers().location, `synonyms ${form.intent}`).toMatch(/^\/login/);
    }
    // (Those rows only: the admin page's own test may add and remove a group of its own meanwhile.)
    const ids = synonymsBefore.map((g) => g.id);
    expect.soft(await prisma.searchSynonym.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } }), "synonyms unchanged").toEqual(synonymsBefore);
    expect.soft(await prisma.searchSynonym.count({ where: { terms: { has: "hacked" } } }), "no group added").toBe(0);
    for (const intent of ["pay", "deliver", "ship", "confirm-call"]) {
      const res = await request.post(`/order/${fixture.order.id}`, { headers, form: { intent, courier: "pathao", trackingNumber: "MATRIX3" }, maxRedirects: 0 });
      expect.soft(res.status(), intent).toBe(302);
      expect.soft(res.headers().location, intent).toMatch(/^\/login/);
    }
    // The back office's order view: every action, cancelling too, is the admin's.
    for (const intent of ["pay", "deliver", "ship", "cancel", "confirm-call"]) {
      const res = await request.post(adminOrder, { headers, form: { intent, reason: "refused", courier: "pathao", trackingNumber: "MATRIX2" }, maxRedirects: 0 });
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
