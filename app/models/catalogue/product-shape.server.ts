import type { Prisma } from "@prisma/client";

import type { ProductStatus } from "~/schemas/product";

// The product's shapes, apart from the functions that read and build them, so
// product.server.ts and product-read.server.ts both import them without a circle.

/** A review as shoppers see it; `verified`: its writer has a delivered order of the product. */
export type ReviewDTO = { id: number; name: string; rating: number; comment: string; createdAt: string; verified: boolean };

export type { ProductStatus } from "~/schemas/product";

/**
 * The API's Product shape; pages render the same object. The API's carries the Bangla text as
 * well (nameBn, descriptionBn); a page's has name and description in its own language instead
 * (toProductDTO's `lang`) and no Bangla fields, so English pages ship what they did before.
 */
export type ProductDTO = {
  id: number;
  name: string;
  nameBn?: string | null;
  price: number;
  originalPrice: number;
  discountPercentage: number;
  image: string;
  additionalImages: string[];
  brand: string;
  categoryId: number;
  category: { id: number; name: string };
  description: string;
  descriptionBn?: string | null;
  /** Each size's stock, summed over its colours (the seed's contract, docs/decisions/091). */
  sizes: { size: string; quantity: number }[];
  /** Every variant (issue 38): colour null for a product without colours. */
  variants: VariantDTO[];
  /** The colours in order, each with its own pictures (the first colour's are the default); [] without colours. */
  colors: ColorDTO[];
  countInStock: number;
  rating: number;
  numReviews: number;
  reviews?: ReviewDTO[];
  status: ProductStatus;
  createdAt: string;
  updatedAt: string;
};

export type VariantDTO = { sku: string; color: string | null; colorBn: string | null; hex: string | null; size: string; quantity: number };
export type ColorDTO = { name: string; nameBn: string | null; hex: string; images: string[] };

const activeDiscounts = { where: { isActive: true }, select: { percentage: true, isActive: true } } as const;

/** Everything a product card or page needs, fetched with a fixed number of queries. */
export const productInclude = {
  category: { select: { id: true, name: true, nameBn: true, discounts: activeDiscounts } },
  discounts: activeDiscounts,
  sizes: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, size: true, quantity: true, colorId: true } },
  colors: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, name: true, nameBn: true, hex: true, images: true } },
  images: { orderBy: { position: "asc" }, select: { url: true } },
} satisfies Prisma.ProductInclude;

export type ProductRow = Prisma.ProductGetPayload<{ include: typeof productInclude }>;
