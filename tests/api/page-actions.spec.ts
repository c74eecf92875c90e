import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";

// Every page with an action takes a submitted form. Anything else — JSON,
// plain text, no body type, or a multipart body that cannot be parsed — is a
// 415/400 error page saying why, never a 500 (issue 13 #3), and changes nothing.

const wrongBodies: { name: string; headers: Record<string, string>; body: string }[] = [
  { name: "JSON", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "delete", email: "a@b.c" }) },
  { name: "plain text", headers: { "Content-Type": "text/plain" }, body: "intent=delete" },
  { name: "no content type", headers: {}, body: "intent=delete" },
];
const brokenMultipart = {
  name: "malformed multipart",
  headers: { "Content-Type": "multipart/form-data; boundary=chaos" },
  // An opened part whose boundary is never closed.
  body: '--chaos\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete\r\n--chaos\r\nContent-Disposition: form-data; name="na',
};

async function pageActionUrls() {
  const [category, product, user] = await Promise.all([createTestCategory(), createTestProduct(), createUser()]);
  const discount = await prisma.discount.create({ data: { percentage: 10, productId: product.id } });
  const order = await prisma.order.create({
    data: {
      placedAsGuest: true,
      shippingName: "Page Action",
      shippingEmail: "page.action@example.com",
      address: "House 1",
      city: "Dhaka",
      postalCode: "1212",
      phone: "01811000000",
      itemsPaisa: 100,
      shippingPaisa: 0,
      taxPaisa: 0,
      totalPaisa: 100,
      items: { create: [{ productId: product.id, name: product.name, image: product.image, pricePaisa: 100, qty: 1, selectedSize: "M" }] },
    },
  });
  return [
    "/login",
    "/register",
    "/cart",
    "/shipping",
    "/payment",
    "/placeorder",
    "/profile",
    `/product/${product.id}`,
    `/order/${order.id}`,
    "/admin/categorylist",
    `/admin/category/${category.id}/edit`,
    "/admin/discountlist",
    "/admin/discount/create",
    `/admin/discount/${discount.id}/edit`,
    "/admin/footerCreate",
    "/admin/productlist",
    "/admin/productlist/2",
    `/admin/product/${product.id}/edit`,
    "/admin/userlist",
    `/admin/user/${user.id}/edit`,
    "/admin/reviewlist",
  ];
}

/**
 * Pages that send this visitor elsewhere before any form matters: sign-out
 * reads no body at all; payment and place-order need a cart and an address first.
 */
const redirectsFirst = new Set(["/payment", "/placeorder"]);

/** Row counts that any of these actions would change if it acted. */
async function snapshot() {
  const [users, categories, products, discounts, footers, orders, reviews] = await Promise.all([
    prisma.user.count(),
    prisma.category.count(),
    prisma.product.count(),
    prisma.discount.count(),
    prisma.footerPage.count(),
    prisma.order.count({ where: { isPaid: true } }),
    prisma.review.count(),
  ]);
  return { users, categories, products, discounts, footers, orders, reviews };
}

test("sign-out reads no body: any body signs out", async ({ request }) => {
  for (const kind of [...wrongBodies, brokenMultipart]) {
    const res = await request.post("/logout", { headers: kind.headers, data: kind.body, maxRedirects: 0 });
    expect(res.status(), kind.name).toBe(302);
  }
});

test("every page action answers a body that is not a form with a 415 page that says so", async ({ request }) => {
  const admin = await createUser({ isAdmin: true });
  const headers = { Cookie: await sessionCookieFor(admin) };
  for (const url of await pageActionUrls()) {
    for (const kind of wrongBodies) {
      const res = await request.post(url, { headers: { ...headers, ...kind.headers }, data: kind.body, maxRedirects: 0 });
      expect(res.status(), `${kind.name} to ${url}`).toBe(415);
      expect(res.headers()["content-type"]).toContain("text/html");
      expect(await res.text()).toContain("This page accepts only a submitted form");
    }
  }
});

test("every page action answers a malformed multipart body with a 400 page, and nothing changes", async ({ request }) => {
  const admin = await createUser({ isAdmin: true });
  const headers = { Cookie: await sessionCookieFor(admin) };
  const urls = await pageActionUrls();
  const before = await snapshot();
  for (const url of urls) {
    const res = await request.post(url, { headers: { ...headers, ...brokenMultipart.headers }, data: brokenMultipart.body, maxRedirects: 0 });
    if (redirectsFirst.has(url)) {
      expect(res.status(), url).toBe(302);
      continue;
    }
    expect(res.status(), `malformed multipart to ${url}`).toBe(400);
    // The product editor reads its uploads itself and says so in its own words, on the form.
    const said = /The submitted form could not be read|Could not read the uploaded form/.test(await res.text());
    expect(said, `${url} says the form could not be read`).toBe(true);
  }
  // Other tests run in parallel and add rows; none of these requests may have removed one.
  const after = await snapshot();
  for (const key of Object.keys(before) as (keyof typeof before)[]) expect(after[key], key).toBeGreaterThanOrEqual(before[key]);
});
