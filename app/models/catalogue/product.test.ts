import { describe, expect, it } from "vitest";

import { productInputSchema, TOO_MANY_IMAGES } from "~/schemas/product";
import { prisma } from "~/models/platform/index.server";
import { escapeLike } from "~/utils/search";

import { createTestCategory, createTestProduct, uniqueTag } from "../../../tests/support/catalogue";

import { createSampleProduct, deleteProduct, getProduct, getTopProducts, listCategoryProducts, listProducts, updateProduct } from "./product.server";
import { testAdmin } from "../../../tests/support/actors";

const validInput = (over: Record<string, unknown> = {}) =>
  productInputSchema.parse({
    name: "Linen Panjabi",
    price: 19.99,
    image: "/images/abc",
    additionalImages: ["/images/b1", "https://cdn.example.com/b2.jpg"],
    brand: "Aarong",
    categoryId: 1,
    description: "<p>Soft <strong>linen</strong></p><script>alert(1)</script>",
    sizes: [
      { size: "M", quantity: 3 },
      { size: "L", quantity: 0 },
    ],
    ...over,
  });

describe("keyword search", () => {
  it("needs escaping: Prisma's contains passes % and _ to ILIKE as wildcards", async () => {
    // If Prisma ever escapes them itself, escapeLike would double-escape: this test then fails first.
    const tag = uniqueTag();
    await createTestProduct({ name: `Wild ${tag} plain` });
    const raw = await prisma.product.count({ where: { name: { contains: `Wild ${tag}%plain` } } });
    expect(raw).toBe(1);
    expect(escapeLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
  });

  // Full-text search (catalogue-search.server.ts) matches words, not substrings:
  // % and _ separate words like any punctuation and are never wildcards.
  it("matches the words of a name or brand, case-insensitively, with % and _ as separators", async () => {
    const tag = uniqueTag();
    const percent = await createTestProduct({ name: `Eid ${tag} 50% off panjabi` });
    const underscore = await createTestProduct({ name: `Eid ${tag} a_b`, brand: "Plain" });
    const fifty = await createTestProduct({ name: `Eid ${tag} 50 taka off` });
    await createTestProduct({ name: `Eid ${tag} axb` });
    const byBrand = await createTestProduct({ name: "Something", brand: `BRAND${tag}` });

    const ids = async (keyword: string) => (await listProducts({ keyword })).products.map((p) => p.id);
    expect(await ids(`${tag} 50% PANJABI`)).toEqual([percent.id]);
    expect(await ids(`${tag} 50%`)).toEqual([percent.id, fifty.id]);
    expect(await ids(`${tag} a_b`)).toEqual([underscore.id]);
    expect(await ids(`brand${tag}`)).toEqual([byBrand.id]);
    expect(await ids(`${tag}%`)).toHaveLength(4);
  });
});

describe("listProducts", () => {
  it("pages through a category; past the last page is empty with the right page count", async () => {
    const category = await createTestCategory();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createTestProduct({ categoryId: category.id }));
    const first = await listProducts({ categoryId: category.id, page: 1, pageSize: 2 });
    expect(first.products.map((p) => p.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(first).toMatchObject({ page: 1, pages: 3 });
    const last = await listProducts({ categoryId: category.id, page: 3, pageSize: 2 });
    expect(last.products.map((p) => p.id)).toEqual([made[4]!.id]);
    const past = await listProducts({ categoryId: category.id, page: 9, pageSize: 2 });
    expect(past).toEqual({ products: [], page: 9, pages: 3 });
  });

  it("shows discount-adjusted prices and stock as the sum of sizes", async () => {
    const category = await createTestCategory();
    const p = await createTestProduct({
      categoryId: category.id,
      pricePaisa: 1999,
      sizes: [
        { size: "S", quantity: 2 },
        { size: "M", quantity: 3 },
      ],
    });
    await prisma.discount.create({ data: { categoryId: category.id, percentage: 10 } });
    await prisma.discount.create({ data: { productId: p.id, percentage: 25, isActive: false } });
    const { products, category: c } = await listCategoryProducts(category.id, 1);
    expect(c).toEqual({ id: category.id, name: category.name });
    expect(products[0]).toMatchObject({ originalPrice: 19.99, discountPercentage: 10, price: 17.99, countInStock: 5 });
  });

  it("answers 404 for an unknown category", async () => {
    await expect(listCategoryProducts(999_999, 1)).rejects.toMatchObject({ status: 404, message: "Category not found" });
  });
});

describe("getProduct and getTopProducts", () => {
  it("returns reviews newest first and 404s unknown ids", async () => {
    const p = await createTestProduct();
    const old = new Date("2025-01-01T00:00:00Z");
    await prisma.review.create({ data: { productId: p.id, name: "Old", rating: 3, comment: "old", createdAt: old } });
    await prisma.review.create({ data: { productId: p.id, name: "New", rating: 5, comment: "new" } });
    const dto = await getProduct(p.id);
    expect(dto.reviews.map((r) => r.name)).toEqual(["New", "Old"]);
    expect(dto.reviews[1]).toMatchObject({ rating: 3, comment: "old", createdAt: old.toISOString() });
    await expect(getProduct(999_999)).rejects.toMatchObject({ status: 404, message: "Product not found" });
  });

  it("ranks by rating, then by number of reviews", async () => {
    const a = await createTestProduct({ rating: 4.9, numReviews: 2 });
    const b = await createTestProduct({ rating: 4.9, numReviews: 7 });
    const c = await createTestProduct({ rating: 4.95, numReviews: 1 });
    await createTestProduct({ rating: 4.8, numReviews: 50 });
    expect((await getTopProducts()).map((p) => p.id)).toEqual([c.id, b.id, a.id]);
  });
});

describe("admin writes", () => {
  it("creates the sample product", async () => {
    const p = await createSampleProduct(testAdmin);
    expect(p).toMatchObject({
      name: "Sample name",
      price: 0,
      originalPrice: 0,
      categoryId: 1,
      brand: "Sample brand",
      image: "/placeholder.svg",
      description: "Sample description",
      sizes: [],
      additionalImages: [],
      countInStock: 0,
    });
  });

  it("updates fields, price to exact paisa, sizes and images, and sanitizes the description", async () => {
    const category = await createTestCategory();
    const p = await createTestProduct({
      sizes: [
        { size: "M", quantity: 9 },
        { size: "XL", quantity: 1 },
      ],
      images: ["/images/old"],
    });
    const keptSizeId = (await prisma.productSize.findFirstOrThrow({ where: { productId: p.id, size: "M" } })).id;
    const dto = await updateProduct(testAdmin, p.id, validInput({ categoryId: category.id }));
    expect(dto).toMatchObject({
      name: "Linen Panjabi",
      originalPrice: 19.99,
      brand: "Aarong",
      category: { id: category.id, name: category.name },
      additionalImages: ["/images/b1", "https://cdn.example.com/b2.jpg"],
      sizes: [
        { size: "M", quantity: 3 },
        { size: "L", quantity: 0 },
      ],
      countInStock: 3,
      description: "<p>Soft <strong>linen</strong></p>",
    });
    const row = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(row.pricePaisa).toBe(1999);
    // The kept size is updated in place, so a concurrent stock decrement on it is never lost.
    expect((await prisma.productSize.findFirstOrThrow({ where: { productId: p.id, size: "M" } })).id).toBe(keptSizeId);
  });

  it("rejects an unknown category and an unknown product, changing nothing", async () => {
    const p = await createTestProduct({ name: "Unchanged" });
    await expect(updateProduct(testAdmin, p.id, validInput({ categoryId: 999_999 }))).rejects.toMatchObject({
      status: 400,
      message: "Category not found",
    });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).name).toBe("Unchanged");
    await expect(updateProduct(testAdmin, 999_999, validInput())).rejects.toMatchObject({ status: 404, message: "Product not found" });
  });

  it("deletes a product while its order items keep their copies", async () => {
    const p = await createTestProduct({ name: "Gone soon", pricePaisa: 500_00 });
    const order = await prisma.order.create({
      data: {
        shippingName: "A",
        shippingEmail: "a@example.com",
        address: "Road 1",
        city: "Dhaka",
        postalCode: "1205",
        phone: "01700000000",
        itemsPaisa: 500_00,
        shippingPaisa: 0,
        taxPaisa: 75_00,
        totalPaisa: 575_00,
        items: { create: { productId: p.id, name: "Gone soon", image: p.image, pricePaisa: 500_00, qty: 1, selectedSize: "M" } },
      },
    });
    expect(await deleteProduct(testAdmin, p.id)).toEqual({ message: "Product removed" });
    const item = await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
    expect(item).toMatchObject({ productId: null, name: "Gone soon", pricePaisa: 500_00 });
    await expect(deleteProduct(testAdmin, p.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("productInputSchema", () => {
  const errorsOf = (over: Record<string, unknown>) => {
    const result = productInputSchema.safeParse({ ...validInput(), ...over });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("allows at most 4 additional images", () => {
    expect(errorsOf({ additionalImages: ["/a", "/b", "/c", "/d", "/e"] })).toEqual([`additionalImages: ${TOO_MANY_IMAGES}`]);
  });
  it("rejects negative prices and quantities, 3-decimal prices and duplicate sizes", () => {
    expect(errorsOf({ price: -1 })).toEqual(["price: Price cannot be negative"]);
    expect(errorsOf({ price: 1.005 })).toEqual(["price: Price can have at most 2 decimals"]);
    expect(errorsOf({ sizes: [{ size: "M", quantity: -2 }] })).toEqual(["sizes.0.quantity: Quantity cannot be negative"]);
    expect(
      errorsOf({
        sizes: [
          { size: "M", quantity: 1 },
          { size: "m", quantity: 2 },
        ],
      }),
    ).toEqual(['sizes.1.size: Duplicate size "m"']);
  });
  it("refuses script URLs as images and ignores a productId", () => {
    expect(errorsOf({ image: "javascript:alert(1)" })).toHaveLength(1);
    expect(errorsOf({ image: "//evil.example/x.png" })).toHaveLength(1);
    const parsed = productInputSchema.parse({ ...validInput(), productId: 42, price: "12.50" });
    expect(parsed).not.toHaveProperty("productId");
    expect(parsed.price).toBe(12.5);
  });
});
