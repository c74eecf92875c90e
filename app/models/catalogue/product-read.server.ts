import { Prisma } from "@prisma/client";

import { catalogueDb, type Tx } from "~/models/platform/index.server";

import type { ProductRow, ReviewDTO } from "./product-shape.server";
import { verifiedPurchase } from "./review-sql.server";

// The product page, GET /api/products/{id} and checkout's pricing read are the
// hottest reads by id. Through the ORM's `include` they cost 6–7 statements
// and a query-compiler pass each; here they are one statement whose rows have
// exactly the shape the ORM would give (ProductRow), so toProductDTO and the
// pricing rules stay the only place prices are worked out.
// See docs/decisions/008-hot-reads.md.

type DetailRow = ProductRow & { reviews: ReviewDTO[] };

const activeDiscounts = (column: Prisma.Sql) => Prisma.sql`
  COALESCE((SELECT json_agg(json_build_object('percentage', d.percentage, 'isActive', d."isActive"))
              FROM "Discount" d WHERE d."isActive" AND ${column}), '[]'::json)`;

/** The columns of `findMany({ include: productInclude })`, one row per product. */
const PRODUCT_COLUMNS = Prisma.sql`
  p.id, p.name, p."pricePaisa", p.image, p.brand, p."categoryId", p.description, p.rating,
  p."numReviews", p."createdAt", p."updatedAt", p.status, p."nameBn", p."descriptionBn",
  json_build_object('id', c.id, 'name', c.name, 'nameBn', c."nameBn", 'discounts', ${activeDiscounts(Prisma.sql`d."categoryId" = c.id`)}) AS category,
  ${activeDiscounts(Prisma.sql`d."productId" = p.id`)} AS discounts,
  COALESCE((SELECT json_agg(json_build_object('id', s.id, 'size', s.size, 'quantity', s.quantity, 'colorId', s."colorId") ORDER BY s.position, s.id)
              FROM "ProductSize" s WHERE s."productId" = p.id), '[]'::json) AS sizes,
  COALESCE((SELECT json_agg(json_build_object('id', k.id, 'name', k.name, 'nameBn', k."nameBn", 'hex', k.hex, 'images', k.images) ORDER BY k.position, k.id)
              FROM "ProductColor" k WHERE k."productId" = p.id), '[]'::json) AS colors,
  COALESCE((SELECT json_agg(json_build_object('url', i.url) ORDER BY i.position)
              FROM "ProductImage" i WHERE i."productId" = p.id), '[]'::json) AS images`;

/** Products by id as `prisma.product.findMany({ include: productInclude })` gives them (any order). */
export function readProductRows(db: Pick<Tx, "$queryRaw">, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.$queryRaw<ProductRow[]>`
    SELECT ${PRODUCT_COLUMNS}
      FROM "Product" p JOIN "Category" c ON c.id = p."categoryId"
     WHERE p.id IN (${Prisma.join(ids)})`;
}

/** One product as `findUnique({ include: productInclude })` gives it, plus its shown reviews newest first. */
export async function readProductWithReviews(id: number): Promise<DetailRow | null> {
  const rows = await catalogueDb.$queryRaw<DetailRow[]>`
    SELECT ${PRODUCT_COLUMNS},
           COALESCE((SELECT json_agg(json_build_object(
                              'id', r.id, 'name', r.name, 'rating', r.rating, 'comment', r.comment,
                              'createdAt', to_char(r."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                              'verified', ${verifiedPurchase("r")})
                              ORDER BY r."createdAt" DESC, r.id DESC)
                       FROM "Review" r WHERE r."productId" = p.id AND NOT r.hidden AND NOT r.held), '[]'::json) AS reviews
      FROM "Product" p JOIN "Category" c ON c.id = p."categoryId"
     WHERE p.id = ${id}`;
  return rows[0] ?? null;
}

/** Products' names by id, in one query (a list of another domain's lines names its products here). */
export async function productNames(db: Pick<Tx, "product">, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.product.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
}
