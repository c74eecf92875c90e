import fs from "node:fs";
import path from "node:path";

import { expect, test, type APIRequestContext } from "@playwright/test";

import { PERMISSIONS, type Permission } from "~/models/platform/permissions";
import { API_DOORS } from "~/web/api-doors";

import { createUser, sessionCookieFor } from "../support/auth";
import { routeManifest, type ManifestRoute } from "../support/routes";

import { makeFixture, removeMatrixFixtures, snapshot, type Fixture } from "../support/admin-matrix";

// The admin API matrix, generated (decision 097): the route files under
// app/routes/api.* (read as Remix reads them) and the permission map's doors
// (app/web/api-doors.ts) say what to call; nothing here lists a call by hand.
//  - every door whose permission is an admin's answers 401 to a guest and 403
//    to a shopper, with only a message, and changes nothing;
//  - every other method of every /api route answers a guest 405, so a new
//    route (or method) that is not in the map fails here until it is, and one
//    in the map that forgot its check answers something other than 401.

test.afterEach(removeMatrixFixtures);

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;
type Door = { method: string; pattern: string; permission: Permission | "public" };

const doors: Door[] = Object.entries(API_DOORS).map(([key, permission]) => {
  const [method, pattern] = key.split(" ") as [string, string];
  return { method, pattern, permission };
});
const doorAt = (method: string, pattern: string) => doors.find((d) => d.method === method && d.pattern === pattern);
const roleOf = (d: Door | undefined) => (d && d.permission !== "public" ? PERMISSIONS[d.permission] : "public");

async function apiRoutes(): Promise<ManifestRoute[]> {
  return (await routeManifest()).filter((r) => r.file.startsWith("routes/api."));
}

/** A concrete path for a pattern: each parameter takes the fixture's row of the collection it follows. */
function pathFor(pattern: string, f: Fixture): string {
  const ids: Record<string, string | number> = {
    users: f.victim.id,
    products: f.product.id,
    categories: f.category.id,
    category: f.category.id,
    discounts: f.discount.id,
    footer: f.footer.id,
    orders: f.order.id,
    reviews: f.review.id,
    phone: "01711000000",
  };
  const parts = pattern.split("/");
  return parts.map((part, i) => (part.startsWith(":") ? String(ids[parts[i - 1] ?? ""] ?? 1) : part)).join("/");
}

async function send(api: APIRequestContext, method: string, path: string, cookie: string | null) {
  // The body is junk on purpose: a door refuses before it reads one, so only the permission can be the reason.
  return api.fetch(path, { method, headers: cookie ? { Cookie: cookie } : {}, ...(method === "GET" ? {} : { data: {} }) });
}

test("the map's doors and the /api route files name the same routes", async () => {
  const routes = await apiRoutes();
  const patterns = new Set(routes.map((r) => r.pattern));
  expect(routes.length).toBeGreaterThan(40);
  // A door for a route that is gone, or spelt differently from the route's file.
  expect(doors.filter((d) => !patterns.has(d.pattern)).map((d) => `${d.method} ${d.pattern}`)).toEqual([]);
  // Every route file has at least one door: a route the map does not know of is a route nobody decided on.
  expect(routes.filter((r) => !doors.some((d) => d.pattern === r.pattern)).map((r) => r.file)).toEqual([]);
  expect(doors.filter((d) => roleOf(d) === "admin").length).toBeGreaterThan(40);
});

for (const who of ["guest", "shopper"] as const) {
  const expected = who === "guest" ? 401 : 403;

  test(`every admin door answers ${expected} to a ${who} and changes nothing`, async ({ request }) => {
    const fixture = await makeFixture();
    const cookie = who === "guest" ? null : await sessionCookieFor(await createUser());
    const before = await snapshot(fixture);
    for (const door of doors.filter((d) => roleOf(d) === "admin")) {
      const path = pathFor(door.pattern, fixture);
      const res = await send(request, door.method, path, cookie);
      const label = `${door.method} ${path} (${door.permission})`;
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

test("a guest gets 401 at a shopper's door and 405 at every method the map has no door for", async ({ request }) => {
  const fixture = await makeFixture();
  for (const route of await apiRoutes()) {
    if (route.pattern.includes("*")) continue; // the unknown-path answer: a 404 for every method
    const url = pathFor(route.pattern, fixture);
    // Remix answers a GET to a route with no loader 400, not 405: the same "no such method" here.
    const noLoader = !/export\s+(?:async\s+)?(?:function|const)\s+loader\b/.test(fs.readFileSync(path.join("app", route.file), "utf8"));
    for (const method of METHODS) {
      const door = doorAt(method, route.pattern);
      if (door && roleOf(door) !== "shopper") continue; // admin doors above; public ones are anyone's
      const res = await send(request, method, url, null);
      const absent = method === "GET" && noLoader ? [400, 405] : [405];
      const why = door ? "a shopper's door refuses a guest" : "not in app/web/api-doors.ts: add the door with its permission";
      expect.soft(door ? [401] : absent, `${method} ${url}: ${why}`).toContain(res.status());
    }
  }
});
