import { expect, test, type APIRequestContext } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";

// The order calls of docs/api.md, each success and error case. Every test
// makes its own products and users so parallel runs never collide.

const address = { address: "House 7, Road 2, Gulshan", city: "Dhaka", postalCode: "1212", phone: "01811000000", deliveryLabel: "Office" };
const guest = { name: "Rahim Guest", email: "rahim.guest@example.com" };

async function product(priceTaka = 19.99, quantity = 5, size = "M") {
  return createTestProduct({ pricePaisa: Math.round(priceTaka * 100), sizes: [{ size, quantity }] });
}

function body(productId: number, extra: Record<string, unknown> = {}, qty = 1, size = "M") {
  return { orderItems: [{ product: productId, qty, selectedSize: size }], shippingAddress: address, paymentMethod: "Cash on Delivery", ...guest, ...extra };
}

async function cookieOf(user: { id: number; sessionVersion: number }) {
  return { Cookie: await sessionCookieFor(user) };
}

const stock = async (productId: number, size = "M") =>
  (await prisma.productSize.findUniqueOrThrow({ where: { productId_size: { productId, size } } })).quantity;
const ordersOf = (productId: number) => prisma.orderItem.count({ where: { productId } });

async function placeGuestOrder(request: APIRequestContext, productId: number) {
  const res = await request.post("/api/orders", { data: body(productId) });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

test.describe("POST /api/orders", () => {
  test("a Bangladeshi mobile number in any usual form is stored as its 11 digits; anything else is a 400 on the field (issue 22, item 16)", async ({
    request,
  }) => {
    const p = await product(10, 10);
    for (const [typed, stored] of [
      ["017-1234-5678", "01712345678"],
      ["+880 1812 345678", "01812345678"],
      ["০১৯১২৩৪৫৬৭৮", "01912345678"],
    ] as const) {
      const res = await request.post("/api/orders", { data: body(p.id, { shippingAddress: { ...address, phone: typed } }) });
      expect(res.status(), typed).toBe(201);
      expect((await res.json()).shippingAddress.phone).toBe(stored);
    }
    for (const typed of ["12345", "02-9123456", "01212345678", "phone me"]) {
      const res = await request.post("/api/orders", { data: body(p.id, { shippingAddress: { ...address, phone: typed } }) });
      expect(res.status(), typed).toBe(400);
      const answer = await res.json();
      expect(answer.errors?.["shippingAddress.phone"]).toEqual(["Enter a Bangladeshi mobile number, like 01711 223344"]);
    }
    expect(await ordersOf(p.id)).toBe(3);
  });

  test("a guest order is priced by the server, decrements stock and is readable by link", async ({ request }) => {
    const p = await product(19.99, 5);
    const res = await request.post("/api/orders", {
      data: body(p.id, { itemsPrice: 1, shippingPrice: 1, taxPrice: 1 }, 3),
    });
    expect(res.status()).toBe(201);
    const order = await res.json();
    expect(order).toMatchObject({
      user: null,
      itemsPrice: 59.97,
      shippingPrice: 10,
      taxPrice: 9,
      totalPrice: 78.97,
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      paymentMethod: "Cash on Delivery",
      shippingAddress: { ...address, ...guest, country: "Bangladesh" },
      orderItems: [{ product: p.id, name: p.name, image: p.image, price: 19.99, qty: 3, selectedSize: "M" }],
    });
    expect(order.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);
    expect(await stock(p.id)).toBe(2);

    // Read by its link alone: the same order, with the buyer's contact masked (issue 27 item 7).
    const read = await request.get(`/api/orders/${order.id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual({
      ...order,
      shippingAddress: { ...order.shippingAddress, email: "r•••@example.com", phone: "018•••••000", address: "House •••" },
      // What the link's holder may do: cancel (with the checkout phone or e-mail as proof).
      actions: ["cancel"],
    });
  });

  test("a changed total is a 409 and nothing is stored", async ({ request }) => {
    const p = await product(100, 5);
    const res = await request.post("/api/orders", { data: body(p.id, { totalPrice: 115 }) });
    expect(res.status()).toBe(409);
    expect(await res.json()).toEqual({ message: "Prices have changed, please review your order" });
    expect(await stock(p.id)).toBe(5);
    expect(await ordersOf(p.id)).toBe(0);

    // The right total (100 + 10 shipping + 15 tax) goes through.
    const ok = await request.post("/api/orders", { data: body(p.id, { totalPrice: 125 }) });
    expect(ok.status()).toBe(201);
  });

  test("missing stock is a 409 naming the product and size, with nothing stored", async ({ request }) => {
    const plenty = await product(10, 9, "L");
    const scarce = await product(10, 1, "XL");
    const res = await request.post("/api/orders", {
      data: {
        ...body(plenty.id, {}, 2, "L"),
        orderItems: [
          { product: plenty.id, qty: 2, selectedSize: "L" },
          { product: scarce.id, qty: 3, selectedSize: "XL" },
        ],
      },
    });
    expect(res.status()).toBe(409);
    expect((await res.json()).message).toBe(`Only 1 left of ${scarce.name} in size XL`);
    expect(await stock(plenty.id, "L")).toBe(9);
    expect(await stock(scarce.id, "XL")).toBe(1);
    expect(await ordersOf(plenty.id)).toBe(0);

    const unknownSize = await request.post("/api/orders", { data: body(plenty.id, {}, 1, "XXL") });
    expect(unknownSize.status()).toBe(409);
  });

  test("guests must give a name and e-mail", async ({ request }) => {
    const p = await product();
    const res = await request.post("/api/orders", { data: body(p.id, { name: undefined, email: undefined }) });
    expect(res.status()).toBe(400);
    const json = await res.json();
    expect(json.message).toBeTruthy();
    expect(Object.keys(json.errors).sort()).toEqual(["email", "name"]);
    expect(await stock(p.id)).toBe(5);

    const badEmail = await request.post("/api/orders", { data: body(p.id, { email: "not-an-email" }) });
    expect(badEmail.status()).toBe(400);
    expect((await badEmail.json()).errors.email).toBeTruthy();
  });

  test("address fields, label, payment method and items are validated with 400s", async ({ request }) => {
    const p = await product();
    for (const field of ["address", "city", "postalCode", "phone"]) {
      const res = await request.post("/api/orders", {
        data: body(p.id, { shippingAddress: { ...address, [field]: "  " } }),
      });
      expect(res.status(), field).toBe(400);
      expect(Object.keys((await res.json()).errors)).toContain(`shippingAddress.${field}`);
    }
    const cases: [string, unknown][] = [
      ["label", body(p.id, { shippingAddress: { ...address, deliveryLabel: "Garage" } })],
      ["payment", body(p.id, { paymentMethod: "PayPal" })],
      ["no items", body(p.id, { orderItems: [] })],
      ["zero qty", body(p.id, {}, 0)],
      ["bad product", body(p.id, { orderItems: [{ product: "abc", qty: 1, selectedSize: "M" }] })],
      ["no address", { ...body(p.id), shippingAddress: undefined }],
      ["string total", body(p.id, { totalPrice: "lots" })],
    ];
    for (const [label, data] of cases) {
      const res = await request.post("/api/orders", { data: data as object });
      expect(res.status(), label).toBe(400);
      expect((await res.json()).message, label).toBeTruthy();
    }
    const malformed = await request.post("/api/orders", { data: "{not json", headers: { "Content-Type": "application/json" } });
    expect(malformed.status()).toBe(400);
    expect(await stock(p.id)).toBe(5);
  });

  test("a deleted product is a 409", async ({ request }) => {
    const p = await product();
    await prisma.product.delete({ where: { id: p.id } });
    const res = await request.post("/api/orders", { data: body(p.id) });
    expect(res.status()).toBe(409);
  });

  test("a signed-in buyer's order carries their account and shows in /mine, newest first", async ({ request }) => {
    const p = await product(10, 10);
    const user = await createUser();
    const headers = await cookieOf(user);
    const first = await request.post("/api/orders", { headers, data: body(p.id, { name: undefined, email: undefined }) });
    expect(first.status()).toBe(201);
    const firstOrder = await first.json();
    expect(firstOrder.user).toEqual({ id: user.id, name: user.name });
    expect(firstOrder.shippingAddress).toMatchObject({ name: user.name, email: user.email });
    const second = await (await request.post("/api/orders", { headers, data: body(p.id, { name: "", email: "" }, 2) })).json();

    const mine = await request.get("/api/orders/mine", { headers });
    expect(mine.status()).toBe(200);
    expect((await mine.json()).map((o: { id: string }) => o.id)).toEqual([second.id, firstOrder.id]);
    expect((await request.get("/api/orders/mine")).status()).toBe(401);
  });

  test("50 simultaneous orders for 5 in stock: exactly 5 succeed, the rest 409", async ({ request }) => {
    const p = await product(10, 5);
    const statuses = await Promise.all(Array.from({ length: 50 }, () => request.post("/api/orders", { data: body(p.id) }).then((r) => r.status())));
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(await stock(p.id)).toBe(0);
    expect(await ordersOf(p.id)).toBe(5);
  });
});

test.describe("reading orders", () => {
  test("someone else's order is a 404; owners and admins see it", async ({ request }) => {
    const p = await product(10, 5);
    const [owner, other, admin] = await Promise.all([createUser(), createUser(), createUser({ isAdmin: true })]);
    const order = await (await request.post("/api/orders", { headers: await cookieOf(owner), data: body(p.id) })).json();
    expect((await request.get(`/api/orders/${order.id}`, { headers: await cookieOf(owner) })).status()).toBe(200);
    expect((await request.get(`/api/orders/${order.id}`, { headers: await cookieOf(admin) })).status()).toBe(200);
    const hidden = await request.get(`/api/orders/${order.id}`, { headers: await cookieOf(other) });
    expect(hidden.status()).toBe(404);
    expect(await hidden.json()).toEqual({ message: "Order not found" });
    expect((await request.get(`/api/orders/${order.id}`)).status()).toBe(404);
    for (const bad of ["12", "not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
      expect((await request.get(`/api/orders/${bad}`, { headers: await cookieOf(admin) })).status(), bad).toBe(404);
    }
  });

  test("GET /api/orders is for admins: 401, 403, then all orders newest first", async ({ request }) => {
    const p = await product(10, 5);
    const order = await placeGuestOrder(request, p.id);
    const [user, admin] = await Promise.all([createUser(), createUser({ isAdmin: true })]);
    expect((await request.get("/api/orders")).status()).toBe(401);
    expect((await request.get("/api/orders", { headers: await cookieOf(user) })).status()).toBe(403);
    const res = await request.get("/api/orders", { headers: await cookieOf(admin) });
    expect(res.status()).toBe(200);
    const all = (await res.json()) as { id: string; createdAt: string }[];
    expect(all.some((o) => o.id === order.id)).toBe(true);
    const times = all.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

test.describe("PUT /api/orders/{id}/pay and /deliver", () => {
  test("admins only; repeating keeps the first time", async ({ request }) => {
    const p = await product(10, 5);
    const order = await placeGuestOrder(request, p.id);
    const [user, admin] = await Promise.all([createUser(), createUser({ isAdmin: true })]);
    const adminHeaders = await cookieOf(admin);
    for (const step of ["pay", "deliver"] as const) {
      const url = `/api/orders/${order.id}/${step}`;
      expect((await request.put(url)).status()).toBe(401);
      expect((await request.put(url, { headers: await cookieOf(user) })).status()).toBe(403);
      const first = await request.put(url, { headers: adminHeaders });
      expect(first.status()).toBe(200);
      const done = await first.json();
      const [flag, at] = step === "pay" ? (["isPaid", "paidAt"] as const) : (["isDelivered", "deliveredAt"] as const);
      expect(done[flag]).toBe(true);
      expect(Date.parse(done[at])).not.toBeNaN();
      const again = await (await request.put(url, { headers: adminHeaders })).json();
      expect(again[at]).toBe(done[at]);
      expect((await request.get(url, { headers: adminHeaders })).status()).toBe(405);
      expect((await request.put(`/api/orders/not-an-order/${step}`, { headers: adminHeaders })).status()).toBe(404);
    }
    const final = await (await request.get(`/api/orders/${order.id}`)).json();
    expect(final).toMatchObject({ isPaid: true, isDelivered: true });
  });
});
