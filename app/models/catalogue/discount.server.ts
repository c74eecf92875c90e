import { requirePermission, type Actor } from "~/models/platform/index.server";
import { Prisma } from "@prisma/client";

import type { DiscountCreateInput, DiscountUpdateInput } from "~/schemas/discount";
import { prisma } from "~/models/platform/index.server";

import { catalogueChanged, type CacheTag } from "~/models/platform/index.server";
import { isUniqueViolation, notFound, ServiceError } from "~/models/platform/index.server";

// Discounts are stored, never applied here: the product DTO computes the best
// active one on every read, so a change shows on every price at once.

export type DiscountDTO = {
  id: number;
  percentage: number;
  isActive: boolean;
  product: { id: number; name: string } | null;
  category: { id: number; name: string } | null;
  createdAt: string;
};

const discountSelect = {
  id: true,
  percentage: true,
  isActive: true,
  createdAt: true,
  product: { select: { id: true, name: true } },
  category: { select: { id: true, name: true } },
} satisfies Prisma.DiscountSelect;

type DiscountRow = Prisma.DiscountGetPayload<{ select: typeof discountSelect }>;

/** A discount changes the prices shown wherever its product, or its category's products, appear. */
function discountTags(row: { product: { id: number } | null; category: { id: number } | null }): CacheTag[] {
  if (row.product) return [`product:${row.product.id}`];
  // Category products show on home, search and product pages too, not only the category's own.
  if (row.category) return [`category:${row.category.id}`, "catalogue"];
  return [];
}

function toDiscountDTO(row: DiscountRow): DiscountDTO {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listDiscounts(actor: Actor): Promise<DiscountDTO[]> {
  requirePermission(actor, "read:discount:any");
  const rows = await prisma.discount.findMany({ select: discountSelect, orderBy: { id: "asc" } });
  return rows.map(toDiscountDTO);
}

export async function getDiscount(actor: Actor, id: number): Promise<DiscountDTO> {
  requirePermission(actor, "read:discount:any");
  const row = await prisma.discount.findUnique({ where: { id }, select: discountSelect });
  if (!row) throw notFound("Discount");
  return toDiscountDTO(row);
}

/**
 * A second active discount on the same product or category: the database's
 * partial unique indexes refuse it (so two concurrent creates cannot both
 * win), and the admin is told which one is in the way, beside the field.
 */
function duplicateActive(target: "product" | "category"): ServiceError {
  const message = `This ${target} already has an active discount. Edit that one, or deactivate it first.`;
  return new ServiceError(409, message, { [target]: [message] });
}

/** Input already shaped by `discountCreateSchema`; the service checks what only the database knows. */
export async function createDiscount(actor: Actor, input: DiscountCreateInput): Promise<DiscountDTO> {
  requirePermission(actor, "create:discount:any");
  const { product, category } = input;
  if (product !== undefined) {
    const found = await prisma.product.findUnique({ where: { id: product }, select: { id: true } });
    if (!found) throw new ServiceError(400, "Selected product does not exist", { product: ["Unknown product"] });
  } else if (category !== undefined) {
    const found = await prisma.category.findUnique({ where: { id: category }, select: { id: true } });
    if (!found) throw new ServiceError(400, "Selected category does not exist", { category: ["Unknown category"] });
  }
  try {
    const row = await prisma.discount.create({
      data: { productId: product ?? null, categoryId: category ?? null, percentage: input.percentage, isActive: input.isActive },
      select: discountSelect,
    });
    catalogueChanged(discountTags(row));
    return toDiscountDTO(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateActive(product !== undefined ? "product" : "category");
    // The target was deleted between the check and the insert.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") {
      throw new ServiceError(400, "Selected product or category does not exist");
    }
    throw error;
  }
}

export async function updateDiscount(actor: Actor, id: number, input: DiscountUpdateInput): Promise<DiscountDTO> {
  requirePermission(actor, "update:discount:any");
  try {
    const row = await prisma.discount.update({
      where: { id },
      data: { percentage: input.percentage, ...(input.isActive === undefined ? {} : { isActive: input.isActive }) },
      select: discountSelect,
    });
    catalogueChanged(discountTags(row));
    return toDiscountDTO(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Discount");
    if (isUniqueViolation(error)) {
      // Switching this one on while another on the same target is active.
      const row = await prisma.discount.findUnique({ where: { id }, select: { productId: true } });
      const { errors, message } = duplicateActive(row?.productId != null ? "product" : "category");
      throw new ServiceError(409, message, { isActive: errors!.product ?? errors!.category! });
    }
    throw error;
  }
}

export async function deleteDiscount(actor: Actor, id: number): Promise<void> {
  requirePermission(actor, "delete:discount:any");
  const gone = await prisma.discount.delete({ where: { id }, select: discountSelect }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Discount");
    throw error;
  });
  catalogueChanged(discountTags(gone));
}

/** What the create form can target, by name. */
export async function discountOptions(actor: Actor): Promise<{
  products: { id: number; name: string }[];
  categories: { id: number; name: string }[];
}> {
  requirePermission(actor, "read:discount:any");
  const [products, categories] = await Promise.all([
    prisma.product.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    prisma.category.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  return { products, categories };
}
