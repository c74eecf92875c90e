import { expect, test, type APIRequestContext } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct } from "../support/catalogue";

// /api/coupons (admin) and couponCode on POST /api/orders (issue 41 item 4), over HTTP.

let headers: Record<string, string>;
let n = 0;
const code = () => `API${Date.now() % 100_000}N${++n}`;

test.beforeAll(async () => {
  headers = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
});

async function order(request: APIRequestContext, productId: number, couponCode: string, phone: string) {
  return request.post("/api/orders", {
    data: {
      orderItems: [{ product: productId, qty: 1, selectedSize: "M" }],
      shippingAddress: { address: "House 1, Road 2", city: "Dhaka", postalCode: "1205", phone },
      name: "Coupon Buyer",
      email: `coupon-${phone}@example.com`,
      couponCode,
    },
  });
}

test("an admin creates, edits and deletes a coupon; an order uses it and returns its line", async ({ request }) => {
  const product = await createTestProduct({ pricePaisa: 200_00 });
  const c = code();
  const created = await request.post("/api/coupons", { headers, data: { code: c.toLowerCase(), percent: 10, usageLimit: 1 } });
  expect(created.status()).toBe(201);
  const coupon = await created.json();
  expect(coupon).toMatchObject({ code: c, percent: 10, amountOff: null, minSubtotal: 0, usageLimit: 1, perBuyerLimit: null, active: true, used: 0 });
  expect(await (await request.get("/api/coupons", { headers })).json()).toContainEqual(coupon);
  expect((await request.post("/api/coupons", { headers, data: { code: c, percent: 10, amountOff: 5 } })).status()).toBe(400);
  expect((await request.post("/api/coupons", { headers, data: { code: c, percent: 5 } })).status()).toBe(409);

  const placed = await order(request, product.id, c.toLowerCase(), "01711000101");
  expect(placed.status()).toBe(201);
  expect(await placed.json()).toMatchObject({ itemsPrice: 200, couponCode: c, couponDiscount: 20, totalPrice: 207 });

  const usedUp = await order(request, product.id, c, "01711000102");
  expect(usedUp.status()).toBe(400);
  expect((await usedUp.json()).message).toBe(`The code ${c} has been used up.`);

  const edited = await request.put(`/api/coupons/${coupon.id}`, { headers, data: { code: c, amountOff: 50, endsAt: "2020-01-01T00:00" } });
  expect(edited.status()).toBe(200);
  expect(await edited.json()).toMatchObject({ amountOff: 50, percent: null, usageLimit: null, endsAt: "2019-12-31T18:00:00.000Z", used: 1 });
  const expired = await order(request, product.id, c, "01711000103");
  expect(expired.status()).toBe(400);
  expect((await expired.json()).message).toBe(`The code ${c} has expired.`);

  const unknown = await order(request, product.id, "NO-SUCH-CODE", "01711000104");
  expect(unknown.status()).toBe(400);
  expect((await unknown.json()).message).toBe("We don't know the code NO-SUCH-CODE. Check it and try again.");

  expect((await request.delete(`/api/coupons/${coupon.id}`, { headers })).status()).toBe(200);
  expect((await request.get(`/api/coupons/${coupon.id}`, { headers })).status()).toBe(404);
  expect([401, 403]).toContain((await request.get("/api/coupons")).status());
});
