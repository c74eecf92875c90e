import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { createTestProduct } from "../../../tests/support/catalogue";

import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from "./category.server";
import { testAdmin } from "../../../tests/support/actors";

describe("categories", () => {
  it("creates, lists by id, gets and renames", async () => {
    const a = await createCategory(testAdmin, { name: "Panjabi" });
    const b = await createCategory(testAdmin, { name: "Saree" });
    expect(await listCategories()).toEqual([
      { id: 1, name: "Uncategorized", nameBn: null },
      { id: a.id, name: "Panjabi", nameBn: null },
      { id: b.id, name: "Saree", nameBn: null },
    ]);
    expect(await getCategory(a.id)).toEqual({ id: a.id, name: "Panjabi", nameBn: null });
    expect(await updateCategory(testAdmin, b.id, { name: "Sarees" })).toEqual({ id: b.id, name: "Sarees", nameBn: null });
    // Renaming to its own name (other case) is not a clash with itself.
    expect(await updateCategory(testAdmin, b.id, { name: "SAREES" })).toEqual({ id: b.id, name: "SAREES", nameBn: null });
  });

  it("refuses duplicate names, whatever the case", async () => {
    const a = await createCategory(testAdmin, { name: "Kurti" });
    const b = await createCategory(testAdmin, { name: "Jeans" });
    await expect(createCategory(testAdmin, { name: "kurti" })).rejects.toMatchObject({ status: 400, message: "Category already exists" });
    await expect(updateCategory(testAdmin, b.id, { name: "KURTI" })).rejects.toMatchObject({ status: 400 });
    expect(await getCategory(a.id)).toMatchObject({ name: "Kurti" });
    // LIKE wildcards in a name are not patterns.
    expect(await createCategory(testAdmin, { name: "K_rti" })).toMatchObject({ name: "K_rti" });
  });

  it("404s unknown ids", async () => {
    await expect(getCategory(999_999)).rejects.toMatchObject({ status: 404, message: "Category not found" });
    await expect(updateCategory(testAdmin, 999_999, { name: "Nope" })).rejects.toMatchObject({ status: 404 });
    await expect(deleteCategory(testAdmin, 999_999)).rejects.toMatchObject({ status: 404 });
  });

  it("never deletes category 1", async () => {
    await expect(deleteCategory(testAdmin, 1)).rejects.toMatchObject({ status: 400, message: "Cannot delete the default category" });
    expect(await getCategory(1)).toMatchObject({ id: 1 });
  });

  it("moves the products of a deleted category to category 1 and removes its discounts", async () => {
    const c = await createCategory(testAdmin, { name: "Accessories" });
    const p = await createTestProduct({ categoryId: c.id });
    const d = await prisma.discount.create({ data: { categoryId: c.id, percentage: 20 } });
    const kept = await prisma.discount.create({ data: { productId: p.id, percentage: 5 } });
    expect(await deleteCategory(testAdmin, c.id)).toEqual({ message: "Category deleted successfully" });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).categoryId).toBe(1);
    expect(await prisma.discount.findUnique({ where: { id: d.id } })).toBeNull();
    expect(await prisma.discount.findUnique({ where: { id: kept.id } })).not.toBeNull();
    await expect(getCategory(c.id)).rejects.toMatchObject({ status: 404 });
  });
});
