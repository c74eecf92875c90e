import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { createUser, sessionCookieFor } from "../support/auth";
import { routeFor, routeManifest } from "../support/routes";

import { makeFixture, removeMatrixFixtures, snapshot, type Call, type Fixture } from "../support/admin-matrix";

// Every admin call of docs/api.md answers 401 to a guest and 403 to a
// signed-in shopper, and changes nothing: the rows each call would touch are
// compared before and after, and creations are looked up by their unique data.

test.afterEach(removeMatrixFixtures);

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
    { method: "POST", path: `/api/orders/${f.order.id}/book`, data: { courier: "steadfast" } },
    { method: "POST", path: "/api/orders/book", data: { courier: "steadfast", orderIds: [f.order.id] } },
    { method: "PUT", path: `/api/orders/${f.order.id}/received-back` },
    { method: "PUT", path: `/api/orders/${f.order.id}/returned-items`, data: { returned: [] } },
    { method: "GET", path: "/api/payouts" },
    { method: "POST", path: "/api/payouts", data: { courier: "steadfast", reference: `MATRIX${f.tag}`, amount: 1, paidOn: "2026-11-28", rows: "" } },
    { method: "GET", path: "/api/payouts/1" },
    { method: "GET", path: "/api/payouts/cash" },
    { method: "GET", path: "/api/customers/phone/01711000000" },
    { method: "PUT", path: "/api/customers/phone/01711000000", data: { blocked: true, reason: "matrix", note: "matrix" } },
    { method: "GET", path: "/api/coupons" },
    { method: "POST", path: "/api/coupons", data: { code: `MATRIX${f.tag}`.replace(/\W/g, "").slice(0, 30), percent: 90 } },
    { method: "GET", path: "/api/coupons/1" },
    { method: "PUT", path: "/api/coupons/1", data: { code: "HACKED", percent: 90 } },
    { method: "DELETE", path: "/api/coupons/1" },
    { method: "GET", path: "/api/admin/stats" },
    { method: "POST", path: "/api/footer", data: { title: `Created ${f.tag}`, description: "<p>x</p>" } },
    { method: "PUT", path: `/api/footer/${f.footer.id}`, data: { title: "Hacked", description: "<p>x</p>" } },
    { method: "DELETE", path: `/api/footer/${f.footer.id}` },
    { method: "PUT", path: `/api/products/${f.product.id}/reviews/${f.review.id}`, data: { hidden: true } },
    { method: "DELETE", path: `/api/products/${f.product.id}/reviews/${f.review.id}` },
    { method: "GET", path: `/api/products/${f.product.id}/variants` },
    { method: "PUT", path: `/api/products/${f.product.id}/variants`, data: { cells: [{ sku: "TB-1", quantity: 0 }] } },
    { method: "POST", path: `/api/products/${f.product.id}/colors`, data: { name: "Matrix", hex: "#000000" } },
    { method: "DELETE", path: `/api/products/${f.product.id}/colors/1` },
    { method: "POST", path: "/api/stock/import", data: "SKU,Stock\nTB-1,0\n" },
    { method: "GET", path: "/api/stock/export" },
    { method: "PUT", path: `/api/categories/${f.category.id}/size-guide`, data: { sizeGuide: "Size | Chest (cm)\nM | 100" } },
  ];
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
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    const before = await snapshot(fixture);

    const calls = callsFor(fixture);
    expect(calls).toHaveLength(51);
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
  const fixture = {
    tag: "x",
    victim: { id: 1, email: "" },
    category: { id: 1 },
    product: { id: 1 },
    draft: { id: 1 },
    discount: { id: 1 },
    footer: { id: 1 },
    order: { id: "0" },
    review: { id: 1 },
  };
  const covered = new Set(callsFor(fixture as unknown as Fixture).map((call) => routeFor(routes, call.path)?.id));
  expect(api.length).toBeGreaterThan(30);
  const unclassified = api.filter((r) => !covered.has(r.id) && !(r.id in OPEN_API_ROUTES)).map((r) => `${r.id} (${r.pattern})`);
  expect(unclassified, "add the route's admin calls to callsFor, or list it in OPEN_API_ROUTES").toEqual([]);
  // And the list holds no route that is gone or already in the matrix.
  const stale = Object.keys(OPEN_API_ROUTES).filter((id) => covered.has(id) || !api.some((r) => r.id === id));
  expect(stale).toEqual([]);
});
