import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { prisma } from "../support/db";
import { routeManifest, type ManifestRoute } from "../support/routes";

import { makeFixture, removeMatrixFixtures, snapshot, type Fixture } from "../support/admin-matrix";

// The back office's pages and page actions, every one of the route manifest:
// a guest or a shopper is sent to the login page and nothing changes. The
// /api calls are in admin-matrix.spec.ts.

test.afterEach(removeMatrixFixtures);

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
    for (const form of [
      { intent: "save", terms: "hacked, words" },
      { intent: "save", id: group, terms: "sari, sara" },
      { intent: "delete", id: group, confirmed: "yes" },
    ] as Record<string, string>[]) {
      const res = await request.post("/admin/synonyms", { headers, form, maxRedirects: 0 });
      expect.soft(res.status(), `synonyms ${form.intent}`).toBe(302);
      expect.soft(res.headers().location, `synonyms ${form.intent}`).toMatch(/^\/login/);
    }
    // (Those rows only: the admin page's own test may add and remove a group of its own meanwhile.)
    const ids = synonymsBefore.map((g) => g.id);
    expect.soft(await prisma.searchSynonym.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } }), "synonyms unchanged").toEqual(synonymsBefore);
    expect.soft(await prisma.searchSynonym.count({ where: { terms: { has: "hacked" } } }), "no group added").toBe(0);
    for (const intent of ["pay", "deliver", "ship", "confirm-call"]) {
      const res = await request.post(`/order/${fixture.order.id}`, {
        headers,
        form: { intent, courier: "pathao", trackingNumber: "MATRIX3" },
        maxRedirects: 0,
      });
      expect.soft(res.status(), intent).toBe(302);
      expect.soft(res.headers().location, intent).toMatch(/^\/login/);
    }
    // The back office's order view: every action, cancelling too, is the admin's.
    for (const intent of ["pay", "deliver", "ship", "cancel", "confirm-call"]) {
      const res = await request.post(adminOrder, {
        headers,
        form: { intent, reason: "refused", courier: "pathao", trackingNumber: "MATRIX2" },
        maxRedirects: 0,
      });
      expect.soft(res.status(), `${adminOrder} ${intent}`).toBe(302);
      expect.soft(res.headers().location, `${adminOrder} ${intent}`).toMatch(/^\/login/);
    }
    // Hiding and deleting reviews are the admin's.
    const reviewFields = { productId: String(fixture.product.id), reviewId: String(fixture.review.id) };
    for (const form of [
      { intent: "visibility", hidden: "true" },
      { intent: "delete", confirmed: "yes" },
    ] as Record<string, string>[]) {
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
