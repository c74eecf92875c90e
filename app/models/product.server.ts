import type { Prisma } from "@prisma/client";

import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";

import { bestDiscountPercent, discountedPaisa, toTaka } from "./pricing";

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

/** `pageNumber` missing, non-numeric or below 1 means 1 (API.md). */
export function parsePageNumber(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Escapes LIKE wildcards so a keyword is matched literally ("50%" finds "50%", not everything). */
export function escapeLike(keyword: string): string {
  return keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function keywordFilter(keyword: string | null | undefined): Prisma.ProductWhereInput {
  const kw = keyword?.trim();
  if (!kw) return {};
  const contains = escapeLike(kw);
  return {
    OR: [
      { name: { contains, mode: "insensitive" } },
      { brand: { contains, mode: "insensitive" } },
    ],
  };
}

export type ProductPage = { products: ProductDTO[]; page: number; pages: number };

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
  const [count, rows] = await Promise.all([
    prisma.product.count({ where }),
    prisma.product.findMany({
      where,
      include: productInclude,
      orderBy: { id: "asc" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
  ]);
  return { products: rows.map((row) => toProductDTO(row)), page, pages: Math.max(1, Math.ceil(count / pageSize)) };
}
