import { describe, expect, it } from "vitest";

import { BOTH_TARGETS_MESSAGE, DISCOUNT_REQUIRED_MESSAGE, discountCreateFormSchema, discountCreateSchema, discountUpdateSchema } from "~/schemas/discount";
import { prisma } from "~/models/platform/index.server";

import { createDiscount, deleteDiscount, discountOptions, getDiscount, listDiscounts, updateDiscount } from "./discount.server";
import { ServiceError } from "~/models/platform/index.server";
import { productInclude, toProductDTO } from "./product.server";
import { testAdmin } from "../../../tests/support/actors";

let seq = 0;
async function makeProduct(pricePaisa = 1000_00, categoryId = 1) {
  seq += 1;
  return prisma.product.create({
    data: { name: `Discount test ${seq}`, pricePaisa, image: "/x.png", brand: "B", categoryId, description: "" },
  });
}
async function makeCategory() {
  seq += 1;
  return prisma.category.create({ data: { name: `Discount cat ${seq}` } });
}
async function priceOf(id: number) {
  return toProductDTO(await prisma.product.findUniqueOrThrow({ where: { id }, include: productInclude }));
}
async function serviceError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe("discount schemas", () => {
  it("needs a target and a percentage, with the spec's message", () => {
    for (const body of [{ percentage: 10 }, { product: 1 }, {}, { product: "", category: "", percentage: "" }]) {
      const result = discountCreateSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DISCOUNT_REQUIRED_MESSAGE);
    }
  });

  it("refuses both targets at once and percentages outside 1–99", () => {
    const both = discountCreateSchema.safeParse({ product: 1, category: 2, percentage: 10 });
    expect(both.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["product"], BOTH_TARGETS_MESSAGE],
      [["category"], BOTH_TARGETS_MESSAGE],
    ]);
    for (const percentage of [0, 100, -5, 12.5, "abc"]) {
      expect(discountCreateSchema.safeParse({ product: 1, percentage }).success).toBe(false);
    }
  });

  it("accepts form-style strings and defaults isActive per channel", () => {
    expect(discountCreateSchema.parse({ product: "3", category: "", percentage: "15" })).toEqual({
      product: 3,
      category: undefined,
      percentage: 15,
      isActive: true,
    });
    // An unchecked checkbox sends nothing: inactive.
    expect(discountCreateFormSchema.parse({ category: 2, percentage: 5 }).isActive).toBe(false);
    expect(discountUpdateSchema.parse({ percentage: 20 })).toEqual({ percentage: 20, isActive: undefined });
  });
});

describe("discount service", () => {
  it("creates a product discount that changes the product's price at once", async () => {
    const product = await makeProduct(1000_00);
    expect((await priceOf(product.id)).price).toBe(1000);

    const discount = await createDiscount(testAdmin, { product: product.id, percentage: 15, isActive: true });
    expect(discount).toMatchObject({ percentage: 15, isActive: true, product: { id: product.id, name: product.name }, category: null });
    expect(await priceOf(product.id)).toMatchObject({ price: 850, originalPrice: 1000, discountPercentage: 15 });

    await updateDiscount(testAdmin, discount.id, { percentage: 15, isActive: false });
    expect((await priceOf(product.id)).price).toBe(1000);

    await updateDiscount(testAdmin, discount.id, { percentage: 40 });
    expect((await getDiscount(testAdmin, discount.id)).isActive).toBe(false); // omitted isActive keeps the state

    await deleteDiscount(testAdmin, discount.id);
    expect((await listDiscounts(testAdmin)).some((d) => d.id === discount.id)).toBe(false);
  });

  it("applies a category discount to its products, the best active one winning", async () => {
    const category = await makeCategory();
    const product = await makeProduct(200_00, category.id);
    await createDiscount(testAdmin, { category: category.id, percentage: 10, isActive: true });
    await createDiscount(testAdmin, { product: product.id, percentage: 25, isActive: true });
    expect(await priceOf(product.id)).toMatchObject({ price: 150, discountPercentage: 25 });
    const listed = await listDiscounts(testAdmin);
    expect(listed.find((d) => d.category?.id === category.id)?.category?.name).toBe(category.name);
  });

  it("refuses a second active discount on the same product or category with 409, and switching one on beside another", async () => {
    const category = await makeCategory();
    const product = await makeProduct(200_00, category.id);
    await createDiscount(testAdmin, { product: product.id, percentage: 10, isActive: true });
    await createDiscount(testAdmin, { category: category.id, percentage: 20, isActive: true });
    const again = await serviceError(createDiscount(testAdmin, { product: product.id, percentage: 30, isActive: true }));
    expect(again.status).toBe(409);
    expect(again.message).toBe("This product already has an active discount. Edit that one, or deactivate it first.");
    expect(again.errors?.product).toEqual([again.message]);
    const onCategory = await serviceError(createDiscount(testAdmin, { category: category.id, percentage: 5, isActive: true }));
    expect(onCategory.status).toBe(409);
    expect(onCategory.message).toMatch(/^This category already has an active discount/);
    // Concurrent creates: the database lets exactly one through.
    const other = await makeProduct();
    const results = await Promise.allSettled([10, 20, 30].map((percentage) => createDiscount(testAdmin, { product: other.id, percentage, isActive: true })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // An inactive one is fine, but switching it on is refused.
    const spare = await createDiscount(testAdmin, { product: product.id, percentage: 40, isActive: false });
    const switchedOn = await serviceError(updateDiscount(testAdmin, spare.id, { percentage: 40, isActive: true }));
    expect(switchedOn.status).toBe(409);
    // The best active discount still wins: the category's 20 % over the product's 10 %.
    expect(await priceOf(product.id)).toMatchObject({ price: 160, discountPercentage: 20 });
  });

  it("refuses unknown targets with 400 and unknown discounts with 404", async () => {
    expect((await serviceError(createDiscount(testAdmin, { product: 999_999, percentage: 10, isActive: true }))).status).toBe(400);
    expect((await serviceError(createDiscount(testAdmin, { category: 999_999, percentage: 10, isActive: true }))).status).toBe(400);
    expect((await serviceError(getDiscount(testAdmin, 999_999))).status).toBe(404);
    expect((await serviceError(updateDiscount(testAdmin, 999_999, { percentage: 5 }))).status).toBe(404);
    expect((await serviceError(deleteDiscount(testAdmin, 999_999))).status).toBe(404);
  });

  it("offers every product and category by name", async () => {
    const category = await makeCategory();
    const product = await makeProduct();
    const options = await discountOptions(testAdmin);
    expect(options.products).toContainEqual({ id: product.id, name: product.name });
    expect(options.categories).toContainEqual({ id: category.id, name: category.name });
    expect(options.categories).toContainEqual({ id: 1, name: expect.any(String) });
  });
});
