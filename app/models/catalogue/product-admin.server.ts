import { requirePermission, type Actor } from "~/models/platform/index.server";
import type { Prisma } from "@prisma/client";

import type { ProductInput, ProductStatus } from "~/schemas/product";
import type { ProductSort } from "~/schemas/product-sort";
import { prisma } from "~/models/platform/index.server";
import { pageCount, pageOffset } from "~/utils/paging";
import { sanitizeHtml } from "~/models/platform/index.server";
import { likeTerm } from "~/utils/search";

import { sanitizedOrNull } from "./bangla-text.server";
import { catalogueChanged } from "~/models/platform/index.server";
import { productInclude, toProductDTO, type ProductDTO, type ProductPage } from "./product.server";
import { assertPublishable, isCode, pricePaisaOf, unknownCategory } from "./product-rules.server";

// The back office's own product reads and writes: the admin product table
// (the shop's list plus sorting by how much stock is left, which the
// storefront never needs) and creating a product from the blank editor.

/**
 * A product from the blank editor (/admin/product/new), created on Save: a
 * draft unless the admin chose Active, and then only if it is ready to go on
 * sale (the rule of every publish, assertPublishable). `POST /api/products`
 * still makes the spec's sample draft (createSampleProduct).
 */
export async function createProduct(actor: Actor, input: ProductInput): Promise<ProductDTO> {
  requirePermission(actor, "create:product:any");
  const pricePaisa = pricePaisaOf(input.price);
  const status = input.status ?? "draft";
  if (status === "active") assertPublishable({ ...input, pricePaisa });
  try {
    const row = await prisma.product.create({
      data: {
        status,
        name: input.name,
        nameBn: input.nameBn ?? null,
        pricePaisa,
        image: input.image,
        brand: input.brand,
        categoryId: input.categoryId,
        description: sanitizeHtml(input.description),
        descriptionBn: sanitizedOrNull(input.descriptionBn ?? null),
        sizes: { create: input.sizes.map(({ size, quantity }, position) => ({ size, quantity, position })) },
        images: { create: input.additionalImages.map((url, position) => ({ url, position })) },
      },
      include: productInclude,
    });
    // A draft changes nothing a shopper sees; a product on sale joins lists, counts and search.
    if (status === "active") catalogueChanged([`product:${row.id}`, `category:${row.categoryId}`, "catalogue"]);
    return toProductDTO(row);
  } catch (error) {
    if (isCode(error, "P2003")) throw unknownCategory();
    throw error;
  }
}

/** The admin's lookup: a plain substring of name or brand (the shop's ranked search is for shoppers). */
function keywordFilter(keyword: string | null | undefined): Prisma.ProductWhereInput {
  const contains = likeTerm(keyword);
  if (!contains) return {};
  return { OR: [{ name: { contains, mode: "insensitive" } }, { brand: { contains, mode: "insensitive" } }] };
}

/**
 * One page of the products matching `keyword`, by id or by total stock
 * (fewest or most first, ties by id). Sorting by a sum over sizes reads each
 * matching product's id and quantities (a few integers per product, fine for
 * a shop's catalogue of thousands), then loads only the page's products in full.
 */
export async function listAdminProducts({
  keyword,
  sort,
  status,
  page,
  pageSize,
}: {
  keyword?: string | null;
  sort: ProductSort;
  /** Drafts only, active only, or (unset) both: the back office sees every product. */
  status?: ProductStatus;
  page: number;
  pageSize: number;
}): Promise<ProductPage> {
  const where: Prisma.ProductWhereInput = { ...keywordFilter(keyword), ...(status ? { status } : {}) };
  const skip = pageOffset(page, pageSize);
  if (sort === "id") {
    const [total, rows] = await Promise.all([
      prisma.product.count({ where }),
      skip === null ? [] : prisma.product.findMany({ where, include: productInclude, orderBy: { id: "asc" }, skip, take: pageSize }),
    ]);
    return { products: rows.map((r) => toProductDTO(r)), page, pages: pageCount(total, pageSize) };
  }
  const stock = await prisma.product.findMany({ where, select: { id: true, sizes: { select: { quantity: true } } } });
  const sign = sort === "stock-asc" ? 1 : -1;
  const total = (p: (typeof stock)[number]) => p.sizes.reduce((sum, s) => sum + s.quantity, 0);
  const ids = stock
    .map((p) => ({ id: p.id, left: total(p) }))
    .sort((a, b) => sign * (a.left - b.left) || a.id - b.id)
    .slice(skip ?? stock.length, (skip ?? stock.length) + pageSize)
    .map((p) => p.id);
  const rows = await prisma.product.findMany({ where: { id: { in: ids } }, include: productInclude });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const products = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProductDTO(row)] : [];
  });
  return { products, page, pages: pageCount(stock.length, pageSize) };
}
