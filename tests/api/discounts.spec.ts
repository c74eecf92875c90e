import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct } from "../support/catalogue";

// /api/discounts (admin): create, read, update, delete, options, validation,
// and prices changing everywhere at once.

const REQUIRED = "Please select a product or category and enter a discount percentage";
let headers: Record<string, string>;

test.beforeAll(async () => {
  headers = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
});

test("a product discount changes its price at once, and can be edited and deleted", async ({ request }) => {
  const product = await createTestProduct({ pricePaisa: 1999_00 });
  const created = await request.post("/api/discounts", {
    headers,
    data: { product: product.id, category: "", percentage: 25, isActive: true },
  });
  expect(created.status()).toBe(201);
  const discount = await created.json();
  expect(discount).toEqual({
    id: expect.any(Number),
    percentage: 25,
    isActive: true,
    product: { id: product.id, name: product.name },
    category: null,
    createdAt: expect.any(String),
  });

  let shown = await (await request.get(`/api/products/${product.id}`)).json();
  expect(shown).toMatchObject({ price: 1499.25, originalPrice: 1999, discountPercentage: 25 });

  const list = await (await request.get("/api/discounts", { headers })).json();
  expect(list).toContainEqual(discount);
  expect(await (await request.get(`/api/discounts/${discount.id}`, { headers })).json()).toEqual(discount);

  const updated = await request.put(`/api/discounts/${discount.id}`, { headers, data: { percentage: 10, isActive: false } });
  expect(updated.status()).toBe(200);
  expect(await updated.json()).toMatchObject({ percentage: 10, isActive: false });
  shown = await (await request.get(`/api/products/${product.id}`)).json();
  expect(shown).toMatchObject({ price: 1999, discountPercentage: 0 });

  const deleted = await request.delete(`/api/discounts/${discount.id}`, { headers });
  expect(deleted.status()).toBe(200);
  expect((await deleted.json()).message).toBe("Discount deleted");
  expect((await request.get(`/api/discounts/${discount.id}`, { headers })).status()).toBe(404);
  expect((await request.delete(`/api/discounts/${discount.id}`, { headers })).status()).toBe(404);
});

test("a category discount covers every product of the category", async ({ request }) => {
  const category = await createTestCategory();
  const [a, b] = await Promise.all([
    createTestProduct({ categoryId: category.id, pricePaisa: 100_00 }),
    createTestProduct({ categoryId: category.id, pricePaisa: 80_00 }),
  ]);
  const res = await request.post("/api/discounts", { headers, data: { category: category.id, percentage: 50 } });
  expect(res.status()).toBe(201);
  expect(await res.json()).toMatchObject({ isActive: true, product: null, category: { id: category.id, name: category.name } });
  const page = await (await request.get(`/api/products/category/${category.id}`)).json();
  const prices = Object.fromEntries(page.products.map((p: { id: number; price: number }) => [p.id, p.price]));
  expect(prices).toEqual({ [a.id]: 50, [b.id]: 40 });
});

test("a second active discount on the same product or category is a 409, by POST and by switching one on with PUT", async ({ request }) => {
  const category = await createTestCategory();
  const product = await createTestProduct({ categoryId: category.id, pricePaisa: 100_00 });
  const post = (data: object) => request.post("/api/discounts", { headers, data });
  expect((await post({ product: product.id, percentage: 10 })).status()).toBe(201);
  expect((await post({ category: category.id, percentage: 20 })).status()).toBe(201);

  const again = await post({ product: product.id, percentage: 30 });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe("This product already has an active discount. Edit that one, or deactivate it first.");
  const onCategory = await post({ category: category.id, percentage: 5 });
  expect(onCategory.status()).toBe(409);
  expect((await onCategory.json()).message).toBe("This category already has an active discount. Edit that one, or deactivate it first.");

  const spare = await post({ product: product.id, percentage: 40, isActive: false });
  expect(spare.status()).toBe(201);
  const switchedOn = await request.put(`/api/discounts/${(await spare.json()).id}`, { headers, data: { percentage: 40, isActive: true } });
  expect(switchedOn.status()).toBe(409);
  // The best active discount still wins: the category's 20 % over the product's 10 %.
  expect(await (await request.get(`/api/products/${product.id}`)).json()).toMatchObject({ price: 80, discountPercentage: 20 });
});

test("refuses incomplete or invalid discounts with 400 and the spec's message", async ({ request }) => {
  const product = await createTestProduct();
  const category = await createTestCategory();
  const post = (data: unknown) => request.post("/api/discounts", { headers, data });

  for (const data of [{ percentage: 10 }, { product: product.id }, { product: "", category: "", percentage: "" }]) {
    const res = await post(data);
    expect(res.status(), JSON.stringify(data)).toBe(400);
    expect((await res.json()).message).toBe(REQUIRED);
  }
  const both = await post({ product: product.id, category: category.id, percentage: 10 });
  expect(both.status()).toBe(400);
  const message = "Choose a product or a category, not both";
  expect(await both.json()).toEqual({ message, errors: { product: [message], category: [message] } });
  for (const percentage of [0, 100, -1, 2.5, "ten"]) {
    const res = await post({ product: product.id, percentage });
    expect(res.status(), String(percentage)).toBe(400);
    expect((await res.json()).errors.percentage).toBeDefined();
  }
  expect((await post({ product: 99_999_999, percentage: 10 })).status()).toBe(400);
  expect((await post({ category: 99_999_999, percentage: 10 })).status()).toBe(400);
  const malformed = await request.post("/api/discounts", {
    headers: { ...headers, "Content-Type": "application/json" },
    data: "{not json",
  });
  expect(malformed.status()).toBe(400);
  // Nothing was stored by any of these.
  const list: { product: { id: number } | null; category: { id: number } | null }[] = await (await request.get("/api/discounts", { headers })).json();
  expect(list.filter((d) => d.product?.id === product.id || d.category?.id === category.id)).toEqual([]);
});

test("updates validate the percentage and unknown ids are 404", async ({ request }) => {
  const product = await createTestProduct();
  const { id } = await (await request.post("/api/discounts", { headers, data: { product: product.id, percentage: 5 } })).json();
  expect((await request.put(`/api/discounts/${id}`, { headers, data: { percentage: 120 } })).status()).toBe(400);
  expect((await request.put(`/api/discounts/${id}`, { headers, data: {} })).status()).toBe(400);
  expect((await request.put(`/api/discounts/99999999`, { headers, data: { percentage: 5 } })).status()).toBe(404);
  expect((await request.get(`/api/discounts/abc`, { headers })).status()).toBe(404);
  expect(await (await request.get(`/api/discounts/${id}`, { headers })).json()).toMatchObject({ percentage: 5, isActive: true });
});

test("options list every product and category by id and name", async ({ request }) => {
  const product = await createTestProduct();
  const category = await createTestCategory();
  const res = await request.get("/api/discounts/options", { headers });
  expect(res.status()).toBe(200);
  const options = await res.json();
  expect(Object.keys(options).sort()).toEqual(["categories", "products"]);
  expect(options.products).toContainEqual({ id: product.id, name: product.name });
  expect(options.categories).toContainEqual({ id: category.id, name: category.name });
});
