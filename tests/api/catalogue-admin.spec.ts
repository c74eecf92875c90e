import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { admin, guardChecks, shopper } from "../support/admin-api";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Products as admins write them through the API: drafts, publishing,
// validation, one 401 and one 403 (categories and footer pages:
// categories-footer-admin.spec.ts).

const validProduct = (categoryId = 1) => ({
  productId: 123456,
  name: "Jamdani Saree",
  price: 3499.99,
  // Real files: the product shows on the home page's tiles while other tests run.
  image: "/placeholder.svg?v=main",
  additionalImages: ["/placeholder.svg?v=a", "/placeholder.svg?v=b"],
  brand: "Tangail Weavers",
  categoryId,
  description: '<h2>Care</h2><p onclick="x()">Dry clean</p><script>alert(1)</script>',
  sizes: [
    { size: "Free Size", quantity: 7 },
    { size: "Kids", quantity: 0 },
  ],
});

/** A real picture, uploaded as the editor does: publishing refuses the placeholder. */
async function uploadedImage(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const buffer = await sharp({ create: { width: 60, height: 80, channels: 3, background: "#9a3412" } })
    .png()
    .toBuffer();
  const res = await request.post("/api/upload", { headers, multipart: { image: { name: "p.png", mimeType: "image/png", buffer } } });
  expect(res.status()).toBe(201);
  return (await res.json()).image as string;
}

test.describe("products (admin)", () => {
  test("POST creates a sample product; guests 401, shoppers 403", async ({ request }) => {
    await guardChecks(request, "post", "/api/products");
    const res = await request.post("/api/products", { headers: await admin() });
    expect(res.status()).toBe(201);
    const p = await res.json();
    expect(p).toMatchObject({ name: "Sample name", price: 0, categoryId: 1, sizes: [], brand: "Sample brand" });
    expect((await request.get(p.image)).status()).toBe(200);
  });

  test("a new product is a draft: 404 to guests and shoppers, seen by admins uncached, published by PUT with status", async ({ request }) => {
    const headers = await admin();
    const created = await (await request.post("/api/products", { headers })).json();
    expect(created.status).toBe("draft");
    const path = `/api/products/${created.id}`;
    expect((await request.get(path)).status()).toBe(404);
    expect((await request.get(path, { headers: await shopper() })).status()).toBe(404);
    const seen = await request.get(path, { headers });
    expect(seen.status()).toBe(200);
    expect(seen.headers()["cache-control"]).toBe("private, no-store");
    // A full edit without status keeps the draft; with status it publishes.
    const category = await createTestCategory();
    const name = `Draft ${uniqueTag()}`;
    const edit = await request.put(path, { headers, data: { ...validProduct(category.id), name } });
    expect(await edit.json()).toMatchObject({ name, status: "draft" });
    const list = await (await request.get(`/api/products/category/${category.id}`)).json();
    expect(list.products).toEqual([]);
    const badStatus = await request.put(path, { headers, data: { ...validProduct(category.id), status: "live" } });
    expect(badStatus.status()).toBe(400);
    expect((await badStatus.json()).message).toMatch(/Status must be draft or active/);
    // Published, it needs a picture of its own: the placeholder is refused (issue 28 item 1).
    const placeholder = await request.put(path, { headers, data: { ...validProduct(category.id), name, status: "active" } });
    expect(placeholder.status()).toBe(400);
    expect(await placeholder.json()).toMatchObject({
      message: `Cannot publish “${name}” yet: it needs a main image of its own (the placeholder picture does not count).`,
    });
    const image = await uploadedImage(request, headers);
    const published = await request.put(path, { headers, data: { ...validProduct(category.id), name, image, status: "active" } });
    expect(await published.json()).toMatchObject({ status: "active", image });
    expect((await request.get(path)).status()).toBe(200);
    const listed = await (await request.get(`/api/products/category/${category.id}`)).json();
    expect(listed.products.map((p: { id: number }) => p.id)).toEqual([created.id]);
    await prisma.product.delete({ where: { id: created.id } });
  });

  test("publishing refuses the sample draft with a 400 saying what it lacks, and changes nothing", async ({ request }) => {
    const headers = await admin();
    const sample = await (await request.post("/api/products", { headers })).json();
    const path = `/api/products/${sample.id}`;
    // The sample as POST made it, with only its status changed.
    const asMade = {
      name: sample.name,
      price: sample.price,
      image: sample.image,
      additionalImages: [],
      brand: sample.brand,
      categoryId: sample.categoryId,
      description: sample.description,
      sizes: sample.sizes,
      status: "active",
    };
    const refused = await request.put(path, { headers, data: asMade });
    expect(refused.status()).toBe(400);
    const body = await refused.json();
    expect(body.message).toBe(
      "Cannot publish “Sample name” yet: it needs its own name (not “Sample name”), a price above ৳0, a size with stock " +
        "and a main image of its own (the placeholder picture does not count).",
    );
    expect(Object.keys(body.errors)).toEqual(["name", "price", "sizes", "image"]);
    // Each missing piece on its own.
    const ready = {
      ...asMade,
      name: `Gamchha ${uniqueTag()}`,
      price: 350,
      image: await uploadedImage(request, headers),
      sizes: [{ size: "Free Size", quantity: 4 }],
    };
    for (const [field, change] of [
      ["name", { name: "sample name" }],
      ["price", { price: 0 }],
      ["sizes", { sizes: [{ size: "Free Size", quantity: 0 }] }],
      ["image", { image: "/placeholder.svg?v=2" }],
    ] as const) {
      const res = await request.put(path, { headers, data: { ...ready, ...change } });
      expect(res.status(), field).toBe(400);
      expect(Object.keys((await res.json()).errors), field).toEqual([field]);
    }
    const stored = await prisma.product.findUniqueOrThrow({ where: { id: sample.id } });
    expect(stored).toMatchObject({ name: "Sample name", pricePaisa: 0, status: "draft" });
    expect((await request.get(path)).status()).toBe(404);
    // Ready, it goes on sale.
    const published = await request.put(path, { headers, data: ready });
    expect(published.status()).toBe(200);
    expect(await published.json()).toMatchObject({ status: "active", name: ready.name });
    await prisma.product.delete({ where: { id: sample.id } });
  });

  test("PUT replaces the product; productId in the body is ignored", async ({ request }) => {
    const headers = await admin();
    const category = await createTestCategory();
    const p = await createTestProduct({ sizes: [{ size: "M", quantity: 1 }], images: ["/images/old"] });
    await guardChecks(request, "put", `/api/products/${p.id}`, validProduct());
    const res = await request.put(`/api/products/${p.id}`, { headers, data: validProduct(category.id) });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({
      id: p.id,
      name: "Jamdani Saree",
      originalPrice: 3499.99,
      price: 3499.99,
      category: { id: category.id, name: category.name },
      additionalImages: ["/placeholder.svg?v=a", "/placeholder.svg?v=b"],
      sizes: [
        { size: "Free Size", quantity: 7 },
        { size: "Kids", quantity: 0 },
      ],
      countInStock: 7,
      description: "<h2>Care</h2><p>Dry clean</p>",
    });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).pricePaisa).toBe(349999);
    expect(await prisma.product.findUnique({ where: { id: 123456 } })).toBeNull();
  });

  test("PUT validation: images, category, price, quantity, sizes, JSON", async ({ request }) => {
    const headers = await admin();
    const p = await createTestProduct({ name: "Untouched" });
    const put = (data: unknown) => request.put(`/api/products/${p.id}`, { headers, data: data as object });

    const tooMany = await put({ ...validProduct(), additionalImages: ["/a", "/b", "/c", "/d", "/e"] });
    expect(tooMany.status()).toBe(400);
    expect((await tooMany.json()).message).toBe("You can only upload up to 4 additional images.");

    const cases: [string, object][] = [
      ["unknown category", { ...validProduct(99999999) }],
      ["negative price", { ...validProduct(), price: -1 }],
      ["text price", { ...validProduct(), price: "cheap" }],
      ["negative quantity", { ...validProduct(), sizes: [{ size: "M", quantity: -1 }] }],
      [
        "duplicate size",
        {
          ...validProduct(),
          sizes: [
            { size: "M", quantity: 1 },
            { size: "M", quantity: 2 },
          ],
        },
      ],
      ["missing name", { ...validProduct(), name: "" }],
      ["script image", { ...validProduct(), image: "javascript:alert(1)" }],
    ];
    for (const [label, data] of cases) {
      const res = await put(data);
      expect(res.status(), label).toBe(400);
      expect((await res.json()).message, label).toBeTruthy();
    }
    const malformed = await request.put(`/api/products/${p.id}`, {
      headers: { ...headers, "Content-Type": "application/json" },
      data: "{",
    });
    expect(malformed.status()).toBe(400);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).name).toBe("Untouched");

    const missing = await request.put("/api/products/99999999", { headers, data: validProduct() });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ message: "Product not found" });
  });

  test("DELETE removes the product; guests 401, shoppers 403, unknown 404", async ({ request }) => {
    const p = await createTestProduct();
    await guardChecks(request, "delete", `/api/products/${p.id}`);
    const headers = await admin();
    const res = await request.delete(`/api/products/${p.id}`, { headers });
    expect(res.status()).toBe(200);
    expect((await res.json()).message).toBeTruthy();
    expect((await request.get(`/api/products/${p.id}`)).status()).toBe(404);
    expect((await request.delete(`/api/products/${p.id}`, { headers })).status()).toBe(404);
    expect((await request.delete(`/api/products/abc`, { headers })).status()).toBe(404);
  });
});
