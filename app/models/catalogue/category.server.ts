import { requirePermission, type Actor } from "~/models/platform/index.server";
import { Prisma } from "@prisma/client";

import type { Lang } from "~/i18n/languages";
import type { CategoryInput } from "~/schemas/category";
import { catalogueDb, prisma } from "~/models/platform/index.server";

import { inLanguage } from "./bangla-text.server";
import { isUniqueViolation, notFound, ServiceError } from "~/models/platform/index.server";
import { catalogueChanged } from "~/models/platform/index.server";
import { tagPage } from "~/models/platform/index.server";

/** Category 1 is the catch-all ("Uncategorized"): products of a deleted category move there. */
export const DEFAULT_CATEGORY_ID = 1;

/** The API's category carries its Bangla name (null: none); a page's has the name in its language only. */
export type CategoryDTO = { id: number; name: string; nameBn?: string | null };

const select = { id: true, name: true, nameBn: true } as const;

function inPageLanguage(row: { id: number; name: string; nameBn: string | null }, lang?: Lang): CategoryDTO {
  return lang ? { id: row.id, name: inLanguage(lang, row.name, row.nameBn) } : row;
}

const duplicate = () => new ServiceError(400, "Category already exists", { name: ["Category already exists"] });

function isCode(error: unknown, code: string) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}

/** "Shirts" and "shirts" would be two header links to look-alike pages; the unique index is case-sensitive. */
async function assertNameFree(name: string, exceptId = 0) {
  const clash = await prisma.$queryRaw<{ id: number }[]>`
    SELECT id FROM "Category" WHERE lower(name) = lower(${name}) AND id <> ${exceptId} LIMIT 1`;
  if (clash.length > 0) throw duplicate();
}

/** Every category; with `lang`, as a page in that language shows them. */
export async function listCategories(lang?: Lang): Promise<CategoryDTO[]> {
  const rows = await catalogueDb.category.findMany({ select, orderBy: { id: "asc" } });
  return rows.map((row) => inPageLanguage(row, lang));
}

/** The header menu's categories, both languages' names, in id order: every one but the default, which no shopper browses. */
export async function menuCategories(): Promise<{ id: number; name: string; nameBn: string | null }[]> {
  return catalogueDb.category.findMany({ where: { id: { not: DEFAULT_CATEGORY_ID } }, orderBy: { id: "asc" }, select: { id: true, name: true, nameBn: true } });
}

export async function getCategory(id: number, lang?: Lang): Promise<CategoryDTO> {
  const row = await catalogueDb.category.findUnique({ where: { id }, select });
  if (!row) throw notFound("Category");
  tagPage([`category:${id}`]);
  return inPageLanguage(row, lang);
}

export async function createCategory(actor: Actor, input: CategoryInput): Promise<CategoryDTO> {
  requirePermission(actor, "create:category:any");
  await assertNameFree(input.name);
  try {
    const row = await prisma.category.create({ data: { name: input.name, nameBn: input.nameBn ?? null }, select });
    // The header lists every category.
    catalogueChanged(["catalogue"]);
    return row;
  } catch (error) {
    // A concurrent create of the same name got there first.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateCategory(actor: Actor, id: number, input: CategoryInput): Promise<CategoryDTO> {
  requirePermission(actor, "update:category:any");
  await getCategory(id);
  await assertNameFree(input.name, id);
  try {
    const row = await prisma.category.update({ where: { id }, data: { name: input.name, nameBn: input.nameBn ?? null }, select });
    catalogueChanged([`category:${id}`, "catalogue"]);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    if (isCode(error, "P2025")) throw notFound("Category");
    throw error;
  }
}

/**
 * Moves the category's products to category 1 and removes its discounts, then
 * the category, in one transaction. (The foreign keys would do the same with
 * SET DEFAULT and CASCADE; doing it explicitly keeps the rule visible here.)
 */
export async function deleteCategory(actor: Actor, id: number): Promise<{ message: string }> {
  requirePermission(actor, "delete:category:any");
  if (id === DEFAULT_CATEGORY_ID) {
    throw new ServiceError(400, "Cannot delete the default category");
  }
  await prisma.$transaction(async (tx) => {
    const found = await tx.category.findUnique({ where: { id }, select: { id: true } });
    if (!found) throw notFound("Category");
    await tx.product.updateMany({ where: { categoryId: id }, data: { categoryId: DEFAULT_CATEGORY_ID } });
    await tx.discount.deleteMany({ where: { categoryId: id } });
    await tx.category.delete({ where: { id } });
  });
  // Its products moved to the default category: every list may show them differently.
  catalogueChanged([`category:${id}`, `category:${DEFAULT_CATEGORY_ID}`, "catalogue"]);
  return { message: "Category deleted successfully" };
}
