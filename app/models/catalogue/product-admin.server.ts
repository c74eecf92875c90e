import type { Prisma } from "@prisma/client";

import type { ProductStatus } from "~/schemas/product";
import type { ProductSort } from "~/schemas/product-sort";
import { prisma } from "~/utils/db.server";
import { pageCount, pageOffset } from "~/utils/paging";
import { likeTerm } from "~/utils/search";

import { productInclude, toProductDTO, type ProductPage } from "./product.server";

// The admin product table: the shop's list (listProducts) plus sorting by how
// much stock is left, which the storefront never needs.

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
