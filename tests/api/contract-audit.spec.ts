import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Regressions found by the /api contract audit against docs/api.md: each
// of these once answered a 500 (or refused a valid client) instead of the
// contract's status and `{ message, errors? }` JSON.

const BEYOND_INT4 = "2147483648"; // ids are PostgreSQL integers: one more than the largest
const address = { address: "House 1, Road 1", city: "Dhaka", postalCode: "1207", phone: "01711000000" };
const guest = { name: "Audit Guest", email: "audit.guest@example.com" };

let admin: Record<string, string>;
let shopper: Record<string, string>;

test.beforeAll(async () => {
  admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
  shopper = { Cookie: await sessionCookieFor(await createUser()) };
});

async function expectJsonError(res: { status(): number; headers(): Record<string, string>; json(): Promise<unknown> }, status: number) {
  expect(res.status()).toBe(status);
  expect(res.headers()["content-type"]).toContain("application/json");
  const body = (await res.json()) as { message: unknown };
  expect(typeof body.message).toBe("string");
  return body as { message: string; errors?: Record<string, string[]> };
}

test("ids beyond the database's integer range are 404 JSON, not 500", async ({ request }) => {
  const calls = [
    request.get(`/api/products/${BEYOND_INT4}`),
    request.get(`/api/products/category/${BEYOND_INT4}`),
    request.get(`/api/categories/${BEYOND_INT4}`),
    request.get(`/api/footer/${BEYOND_INT4}`),
    request.get(`/api/users/${BEYOND_INT4}`, { headers: admin }),
    request.get(`/api/discounts/${BEYOND_INT4}`, { headers: admin }),
    request.put(`/api/discounts/${BEYOND_INT4}`, { headers: admin, data: { percentage: 5 } }),
    request.delete(`/api/categories/${BEYOND_INT4}`, { headers: admin }),
    request.delete(`/api/users/${BEYOND_INT4}`, { headers: admin }),
    request.post(`/api/products/${BEYOND_INT4}/reviews`, { headers: shopper, data: { rating: 5, comment: "Great" } }),
  ];
  for (const res of await Promise.all(calls)) {
    expect((await expectJsonError(res, 404)).message).toMatch(/not found$/);
  }
});

test("ids beyond the integer range in a body are a 400 with the field named", async ({ request }) => {
  const product = await createTestProduct();
  const put = await request.put(`/api/products/${product.id}`, {
    headers: admin,
    data: { name: "Kept", price: 10, image: "/placeholder.svg", brand: "B", categoryId: Number(BEYOND_INT4) },
  });
  expect((await expectJsonError(put, 400)).errors).toHaveProperty("categoryId");
  expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).name).toBe(product.name);

  const discount = await request.post("/api/discounts", {
    headers: admin,
    data: { product: Number(BEYOND_INT4), percentage: 10 },
  });
  expect((await expectJsonError(discount, 400)).errors).toHaveProperty("product");

  const order = await request.post("/api/orders", {
    data: { orderItems: [{ product: Number(BEYOND_INT4), qty: 1, selectedSize: "M" }], shippingAddress: address, ...guest },
  });
  expect((await expectJsonError(order, 400)).errors).toHaveProperty(["orderItems.0.product"]);
});

test("a pageNumber too large for any offset is past the last page: empty list, correct pages", async ({ request }) => {
  // A query of its own: the public list may be served from the page cache, up to 5 s old.
  const first = await (await request.get(`/api/products?pageNumber=1&fresh=${Date.now()}`)).json();
  const res = await request.get("/api/products?pageNumber=99999999999999999999");
  expect(res.status()).toBe(200);
  const page = await res.json();
  expect(page.products).toEqual([]);
  expect(page.pages).toBe(first.pages);

  const category = await createTestCategory();
  await createTestProduct({ categoryId: category.id });
  const inCategory = await request.get(`/api/products/category/${category.id}?pageNumber=1e30`);
  expect(inCategory.status()).toBe(200);
  expect(await inCategory.json()).toMatchObject({ products: [], pages: 1, category: { id: category.id } });
});

test("a NUL character in a search keyword is ignored, not a database error", async ({ request }) => {
  const brand = `NulBrand${uniqueTag()}`;
  const product = await createTestProduct({ brand });
  const res = await request.get(`/api/products?keyword=${encodeURIComponent(`${brand.slice(0, 4)}\u0000${brand.slice(4)}`)}`);
  expect(res.status()).toBe(200);
  expect((await res.json()).products.map((p: { id: number }) => p.id)).toEqual([product.id]);
});

test("a NUL character in body text is a 400 naming the field, and nothing is stored", async ({ request }) => {
  const email = `nul-${uniqueTag()}@example.com`;
  const register = await request.post("/api/users", { data: { name: "Bad\u0000Name", email, password: "cotton-kurta-77" } });
  const error = await expectJsonError(register, 400);
  expect(error.errors).toEqual({ name: ["Text cannot contain NUL characters"] });
  expect(await prisma.user.count({ where: { email } })).toBe(0);

  const footer = await request.post("/api/footer", { headers: admin, data: { title: "T", description: "<p>a\u0000b</p>" } });
  expect((await expectJsonError(footer, 400)).errors).toHaveProperty("description");
});

test("a body that is valid JSON but not an object is a 400 saying so", async ({ request }) => {
  for (const raw of ["null", "[]", '"text"', "42", "true"]) {
    const res = await request.post("/api/categories", {
      headers: { ...admin, "Content-Type": "application/json" },
      data: raw,
    });
    expect((await expectJsonError(res, 400)).message).toBe("Request body must be a JSON object");
  }
});

test("a JSON body over 1 MB is refused with 413 before it is parsed", async ({ request }) => {
  const email = `big-${uniqueTag()}@example.com`;
  const res = await request.post("/api/users", {
    data: { name: "Big", email, password: "cotton-kurta-77", padding: "x".repeat(1_100_000) },
  });
  expect((await expectJsonError(res, 413)).message).toBe("Request body is too large");
  expect(await prisma.user.count({ where: { email } })).toBe(0);
});

test("orders accept the cart's totals as toFixed(2) strings, as ProShop clients send them", async ({ request }) => {
  const product = await createTestProduct({ pricePaisa: 19_99, sizes: [{ size: "M", quantity: 10 }] });
  const line = { orderItems: [{ product: product.id, qty: 3, selectedSize: "M" }], shippingAddress: address, ...guest };
  // 3 × 19.99 = 59.97, shipping 10.00, tax 9.00 → 78.97
  const strings = { itemsPrice: "59.97", shippingPrice: "10.00", taxPrice: "9.00", totalPrice: "78.97" };
  const ok = await request.post("/api/orders", { data: { ...line, ...strings } });
  expect(ok.status()).toBe(201);
  expect(await ok.json()).toMatchObject({ itemsPrice: 59.97, totalPrice: 78.97 });

  const changed = await request.post("/api/orders", { data: { ...line, ...strings, totalPrice: "78.96" } });
  expect((await expectJsonError(changed, 409)).message).toBe("Prices have changed, please review your order");

  // null means "not sent": the server's prices stand.
  const nulls = await request.post("/api/orders", { data: { ...line, itemsPrice: null, totalPrice: null } });
  expect(nulls.status()).toBe(201);

  const negative = await request.post("/api/orders", { data: { ...line, totalPrice: -1 } });
  expect((await expectJsonError(negative, 400)).errors).toEqual({ totalPrice: ["Prices cannot be negative"] });
  expect(await prisma.orderItem.count({ where: { productId: product.id } })).toBe(2);
});

test("a discounted price is round2(price × (1 − d/100)), half up, in the catalogue and the order", async ({ request }) => {
  const product = await createTestProduct({ pricePaisa: 19_99, sizes: [{ size: "M", quantity: 5 }] });
  const created = await request.post("/api/discounts", { headers: admin, data: { product: product.id, percentage: 50 } });
  expect(created.status()).toBe(201);
  // 19.99 × 0.5 = 9.995 → 10.00 (not 9.99)
  expect(await (await request.get(`/api/products/${product.id}`)).json()).toMatchObject({
    price: 10,
    originalPrice: 19.99,
    discountPercentage: 50,
  });
  const order = await request.post("/api/orders", {
    data: { orderItems: [{ product: product.id, qty: 1, selectedSize: "M" }], shippingAddress: address, ...guest, totalPrice: 21.5 },
  });
  expect(order.status()).toBe(201);
  expect(await order.json()).toMatchObject({ orderItems: [{ price: 10 }], itemsPrice: 10, taxPrice: 1.5, totalPrice: 21.5 });
});

test("wrong-typed flags and passwords get field messages, not zod's defaults", async ({ request }) => {
  const product = await createTestProduct();
  const discount = await request.post("/api/discounts", {
    headers: admin,
    data: { product: product.id, percentage: 10, isActive: "maybe" },
  });
  expect((await expectJsonError(discount, 400)).errors).toEqual({ isActive: ["isActive must be true or false"] });

  for (const password of [null, 12345678]) {
    const res = await request.put("/api/users/profile", { headers: shopper, data: { password } });
    expect((await expectJsonError(res, 400)).errors).toEqual({ password: ["Password must be text"] });
  }
  const keep = await request.put("/api/users/profile", { headers: shopper, data: { password: "" } });
  expect(keep.status()).toBe(200);
});

test("a rule about the whole body is told by `message`; `errors` only ever names fields", async ({ request }) => {
  const res = await request.post("/api/discounts", { headers: admin, data: { percentage: 10 } });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ message: "Please select a product or category and enter a discount percentage" });
});

test("a deeply nested body is still a 400, never a stack overflow", async ({ request }) => {
  const depth = 100_000;
  const deep = `${'{"a":'.repeat(depth)}"x\\u0000"${"}".repeat(depth)}`;
  const res = await request.post("/api/categories", {
    headers: { ...admin, "Content-Type": "application/json" },
    data: `{"name":"Deep ${uniqueTag()}","pad":${deep}}`,
  });
  expect((await expectJsonError(res, 400)).message).toBe("Text cannot contain NUL characters");
});
