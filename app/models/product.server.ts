import { Prisma } from "@prisma/client";

import type { ProductInput } from "~/schemas/product";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { fetchPage } from "~/utils/paging";
import { sanitizeHtml } from "~/utils/sanitize.server";
import { likeTerm } from "~/utils/search";

import { DEFAULT_CATEGORY_ID, getCategory, type CategoryDTO } from "./category.server";
import { notFound, ServiceError } from "./errors.server";
import { bestDiscountPercent, discountedPaisa, toPaisa, toTaka } from "./pricing";

export type ReviewDTO = { id: number; name: string; rating: number; comment: string; createdAt: string };

/** The API's Product shape; pages render the same object. */
export type ProductDTO = {
  id: number;
  name: string;
  price: number;
  originalPrice: number;
  discountPercentage: number;
  image: string;
  additionalImages: string[];
  brand: string;
  categoryId: number;
  category: { id: number; name: string };
  description: string;
  sizes: { size: string; quantity: number }[];
  countInStock: number;
  rating: number;
  numReviews: number;
  reviews?: ReviewDTO[];
  createdAt: string;
  updatedAt: string;
};

const activeDiscounts = { where: { isActive: true }, select: { percentage: true, isActive: true } } as const;

/** Everything a product card or page needs, fetched with a fixed number of queries. */
export const productInclude = {
  category: { select: { id: true, name: true, discounts: activeDiscounts } },
  discounts: activeDiscounts,
  sizes: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { size: true, quantity: true } },
  images: { orderBy: { position: "asc" }, select: { url: true } },
} satisfies Prisma.ProductInclude;

type ProductRow = Prisma.ProductGetPayload<{ include: typeof productInclude }>;

/** Discount percentage in force for a product: the best active one, by product or category. */
export function productDiscount(row: Pick<ProductRow, "discounts" | "category">): number {
  return bestDiscountPercent([...row.discounts, ...row.category.discounts]);
}

export function toProductDTO(row: ProductRow, reviews?: ReviewDTO[]): ProductDTO {
  const discountPercentage = productDiscount(row);
  return {
    id: row.id,
    name: row.name,
    price: toTaka(discountedPaisa(row.pricePaisa, discountPercentage)),
    originalPrice: toTaka(row.pricePaisa),
    discountPercentage,
    image: row.image,
    additionalImages: row.images.map((i) => i.url),
    brand: row.brand,
    categoryId: row.categoryId,
    category: { id: row.category.id, name: row.category.name },
    description: row.description,
    sizes: row.sizes,
    countInStock: row.sizes.reduce((sum, s) => sum + s.quantity, 0),
    rating: Math.round(row.rating * 100) / 100,
    numReviews: row.numReviews,
    ...(reviews ? { reviews } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function keywordFilter(keyword: string | null | undefined): Prisma.ProductWhereInput {
  const contains = likeTerm(keyword);
  if (!contains) return {};
  return {
    OR: [
      { name: { contains, mode: "insensitive" } },
      { brand: { contains, mode: "insensitive" } },
    ],
  };
}

/** `total`: how many products match, for the "Showing 9–16 of 52" line. */
export type ProductPage = { products: ProductDTO[]; page: number; pages: number; total: number };

export async function listProducts({
  keyword,
  categoryId,
  page = 1,
  pageSize = env.PAGE_SIZE,
}: {
  keyword?: string | null;
  categoryId?: number;
  page?: number;
  pageSize?: number;
}): Promise<ProductPage> {
  const where: Prisma.ProductWhereInput = {
    ...keywordFilter(keyword),
    ...(categoryId ? { categoryId } : {}),
  };
  const { items, pages, total } = await fetchPage(
    page,
    pageSize,
    () => prisma.product.count({ where }),
    (window) => prisma.product.findMany({ where, include: productInclude, orderBy: { id: "asc" }, ...window }),
  );
  return { products: items.map((row) => toProductDTO(row)), page, pages, total };
}

export type ProductWithReviews = ProductDTO & { reviews: ReviewDTO[] };

export async function listCategoryProducts(
  categoryId: number,
  page: number,
): Promise<ProductPage & { category: CategoryDTO }> {
  const category = await getCategory(categoryId);
  return { ...(await listProducts({ categoryId, page })), category };
}

/** A product with its reviews, newest first. */
export async function getProduct(id: number): Promise<ProductWithReviews> {
  const row = await prisma.product.findUnique({
    where: { id },
    include: {
      ...productInclude,
      reviews: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true, name: true, rating: true, comment: true, createdAt: true },
      },
    },
  });
  if (!row) throw notFound("Product");
  const reviews = row.reviews.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return toProductDTO(row, reviews) as ProductWithReviews;
}

/** The 3 best-rated products; ties go to the one with more reviews. */
export async function getTopProducts(limit = 3): Promise<ProductDTO[]> {
  const rows = await prisma.product.findMany({
    include: productInclude,
    orderBy: [{ rating: "desc" }, { numReviews: "desc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map((row) => toProductDTO(row));
}

// ---- Admin writes -------------------------------------------------------

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** "Create Product" makes a sample for the admin to edit (as ProShop does). */
export async function createSampleProduct(): Promise<ProductDTO> {
  const row = await prisma.product.create({
    data: {
      name: "Sample name",
      pricePaisa: 0,
      image: PLACEHOLDER_IMAGE,
      brand: "Sample brand",
      categoryId: DEFAULT_CATEGORY_ID,
      description: "Sample description",
    },
    include: productInclude,
  });
  return toProductDTO(row);
}

const isCode = (error: unknown, code: string) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;

const unknownCategory = () => new ServiceError(400, "Category not found", { categoryId: ["Category not found"] });

/**
 * Replaces a product's fields, sizes and additional images in one transaction.
 * Sizes are updated in place by name (not deleted and re-created) so a
 * concurrent order's stock decrement on a kept size is never lost to a delete.
 */
export async function updateProduct(id: number, input: ProductInput): Promise<ProductDTO> {
  const pricePaisa = toPaisa(input.price);
  if (pricePaisa === null || pricePaisa < 0) {
    throw new ServiceError(400, "Price must be a non-negative amount with at most 2 decimals", {
      price: ["Price must be a non-negative amount with at most 2 decimals"],
    });
  }
  try {
    const row = await prisma.$transaction(async (tx) => {
      const found = await tx.product.findUnique({ where: { id }, select: { id: true } });
      if (!found) throw notFound("Product");
      const category = await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } });
      if (!category) throw unknownCategory();

      await tx.productSize.deleteMany({ where: { productId: id, size: { notIn: input.sizes.map((s) => s.size) } } });
      for (const [position, { size, quantity }] of input.sizes.entries()) {
        await tx.productSize.upsert({
          where: { productId_size: { productId: id, size } },
          create: { productId: id, size, quantity, position },
          update: { quantity, position },
        });
      }
      await tx.productImage.deleteMany({ where: { productId: id } });
      if (input.additionalImages.length > 0) {
        await tx.productImage.createMany({
          data: input.additionalImages.map((url, position) => ({ productId: id, url, position })),
        });
      }
      return tx.product.update({
        where: { id },
        data: {
          name: input.name,
          pricePaisa,
          image: input.image,
          brand: input.brand,
          categoryId: input.categoryId,
          description: sanitizeHtml(input.description),
        },
        include: productInclude,
      });
    });
    return toProductDTO(row);
  } catch (error) {
    // The category was deleted between the check and the write.
    if (isCode(error, "P2003")) throw unknownCategory();
    throw error;
  }
}

/** Order items keep their copies of name, image and price (their FK is SET NULL). */
export async function deleteProduct(id: number): Promise<{ message: string }> {
  const { count } = await prisma.product.deleteMany({ where: { id } });
  if (count === 0) throw notFound("Product");
  return { message: "Product removed" };
}
