import { requirePermission, type Actor } from "~/models/platform/index.server";
import type { Lang } from "~/i18n/languages";
import type { ListOptions } from "~/schemas/catalogue";
import type { ProductInput } from "~/schemas/product";
import { catalogueDb, prisma } from "~/models/platform/index.server";
import { env } from "~/models/platform/index.server";
import { sanitizeHtml } from "~/models/platform/index.server";

import { findCataloguePage } from "./catalogue-search.server";
import { liveSql } from "./catalogue-sql.server";
import { DEFAULT_CATEGORY_ID, getCategory, type CategoryDTO } from "./category.server";
import { inLanguage, sanitizedOrNull } from "./bangla-text.server";
import { catalogueChanged } from "~/models/platform/index.server";
import { tagPage } from "~/models/platform/index.server";
import { notFound } from "~/models/platform/index.server";
import { bestDiscountPercent, discountedPaisa, toTaka } from "./pricing";
import { readProductRows, readProductWithReviews } from "./product-read.server";
import { assertPublishable, isCode, lockProduct, pricePaisaOf, unknownCategory } from "./product-rules.server";
import { PLACEHOLDER_IMAGE, SAMPLE_NAME } from "./publishing";
import { productInclude, type ProductDTO, type ProductRow, type ProductStatus, type ReviewDTO } from "./product-shape.server";
import { writeSizes } from "./stock.server";
import { colorDTOs, sizeTotals, variantDTOs } from "./variants";

export type { ProductDTO, ProductRow, ProductStatus, ReviewDTO } from "./product-shape.server";
export { productInclude } from "./product-shape.server";

/** Discount percentage in force for a product: the best active one, by product or category. */
export function productDiscount(row: Pick<ProductRow, "discounts" | "category">): number {
  return bestDiscountPercent([...row.discounts, ...row.category.discounts]);
}

/**
 * The API's product (English, with the Bangla text beside it), or with `lang` a page's: name,
 * description and category name in that language, the English where there is no Bangla.
 */
export function toProductDTO(row: ProductRow, reviews?: ReviewDTO[], lang?: Lang): ProductDTO {
  // Every product a page shows passes through here, with its category's name and discounts.
  tagPage([`product:${row.id}`, `category:${row.categoryId}`]);
  const discountPercentage = productDiscount(row);
  return {
    id: row.id,
    name: lang ? inLanguage(lang, row.name, row.nameBn) : row.name,
    ...(lang ? {} : { nameBn: row.nameBn }),
    price: toTaka(discountedPaisa(row.pricePaisa, discountPercentage)),
    originalPrice: toTaka(row.pricePaisa),
    discountPercentage,
    image: row.image,
    additionalImages: row.images.map((i) => i.url),
    brand: row.brand,
    categoryId: row.categoryId,
    category: { id: row.category.id, name: lang ? inLanguage(lang, row.category.name, row.category.nameBn) : row.category.name },
    description: lang ? inLanguage(lang, row.description, row.descriptionBn) : row.description,
    ...(lang ? {} : { descriptionBn: row.descriptionBn }),
    sizes: sizeTotals(row.sizes),
    variants: variantDTOs(row),
    colors: colorDTOs(row),
    countInStock: row.sizes.reduce((sum, s) => sum + s.quantity, 0),
    rating: Math.round(row.rating * 100) / 100,
    numReviews: row.numReviews,
    ...(reviews ? { reviews } : {}),
    status: row.status === "active" ? "active" : "draft",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type ProductPage = { products: ProductDTO[]; page: number; pages: number };
export type ProductSearchPage = ProductPage & { total: number; correctedTo: string | null };

type ListArgs = {
  keyword?: string | null;
  categoryId?: number;
  options?: ListOptions;
  page?: number;
  pageSize?: number;
  /** A page's language (toProductDTO); left out, the API's products. */
  lang?: Lang;
};

/** The API's `{ products, page, pages }`: search, sort and filters live in catalogue-search.server.ts. */
export async function listProducts(args: ListArgs): Promise<ProductPage> {
  const { products, page, pages } = await searchProducts(args);
  return { products, page, pages };
}

/** A list page with what the list screen shows beyond the API: the total and a typo correction. */
export async function searchProducts({ page = 1, pageSize = env.PAGE_SIZE, lang, ...query }: ListArgs): Promise<ProductSearchPage> {
  const found = await findCataloguePage({ ...query, page, pageSize });
  return { products: await productsByIds(found.ids, lang), page, pages: found.pages, total: found.total, correctedTo: found.correctedTo };
}

/**
 * Products in the order of `ids`, in one statement whatever their count: the
 * same raw read as the product page (product-read.server.ts), since the ORM's
 * include costs six statements and a query-compiler pass on every list page.
 */
export async function productsByIds(ids: number[], lang?: Lang): Promise<ProductDTO[]> {
  if (ids.length === 0) return [];
  const rows = await readProductRows(catalogueDb, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProductDTO(row, undefined, lang)] : [];
  });
}

export type ProductWithReviews = ProductDTO & { reviews: ReviewDTO[] };

export async function listCategoryProducts(categoryId: number, page: number, options?: ListOptions): Promise<ProductPage & { category: CategoryDTO }> {
  // The list's category is the one its products name: English, as before the Bangla names.
  const { id, name } = await getCategory(categoryId);
  return { ...(await listProducts({ categoryId, page, options })), category: { id, name } };
}

/**
 * A product with its reviews, newest first. A draft is found only for the
 * back office (`drafts: true`); to shoppers and the public API it is a 404.
 * With `lang`, the product page's (toProductDTO).
 */
export async function getProduct(id: number, { drafts = false, lang }: { drafts?: boolean; lang?: Lang } = {}): Promise<ProductWithReviews> {
  const row = await readProductWithReviews(id);
  if (!row || (row.status !== "active" && !drafts)) throw notFound("Product");
  return toProductDTO(row, row.reviews, lang) as ProductWithReviews;
}

/** The 3 best-rated products; ties go to the one with more reviews. */
export async function getTopProducts(limit = 3): Promise<ProductDTO[]> {
  // The status as SQL text, not a bound parameter, so the partial index of active products applies.
  const top = await catalogueDb.$queryRaw<{ id: number }[]>`
    SELECT p.id FROM "Product" p WHERE ${liveSql}
    ORDER BY p.rating DESC, p."numReviews" DESC, p.id ASC LIMIT ${limit}::int`;
  return productsByIds(top.map((row) => row.id));
}

// ---- Admin writes -------------------------------------------------------

export { PLACEHOLDER_IMAGE } from "./publishing";

/**
 * "Create Product" makes a sample for the admin to edit (as ProShop does), as
 * a draft: no shopper sees a ৳0 "Sample name", and it cannot be published
 * until it has been filled in (assertPublishable).
 */
export async function createSampleProduct(actor: Actor): Promise<ProductDTO> {
  requirePermission(actor, "create:product:any");
  const row = await prisma.product.create({
    data: {
      status: "draft",
      name: SAMPLE_NAME,
      pricePaisa: 0,
      image: PLACEHOLDER_IMAGE,
      brand: "Sample brand",
      categoryId: DEFAULT_CATEGORY_ID,
      description: "Sample description",
    },
    include: productInclude,
  });
  // A draft changes nothing a shopper sees: no purge.
  return toProductDTO(row);
}

/**
 * Publishes a draft, or takes a product back to draft (off every shopper page
 * at once). Publishing a draft that is not ready is refused (assertPublishable);
 * an active product stays as it is.
 */
export async function setProductStatus(actor: Actor, id: number, status: ProductStatus): Promise<ProductDTO> {
  requirePermission(actor, "update:product:any");
  await prisma.$transaction(async (tx) => {
    const found = await lockProduct(tx, id);
    if (!found) throw notFound("Product");
    if (status === "active" && found.status !== "active") {
      const row = await tx.product.findUniqueOrThrow({
        where: { id },
        select: { name: true, pricePaisa: true, image: true, sizes: { select: { quantity: true } } },
      });
      assertPublishable(row);
    }
    await tx.product.update({ where: { id }, data: { status } });
  });
  // Counts, lists and search change with it, as with a new or removed product.
  catalogueChanged([`product:${id}`, "catalogue"]);
  return getProduct(id, { drafts: true });
}

/**
 * Replaces a product's fields, sizes and additional images in one transaction.
 * Sizes are updated in place by name (not deleted and re-created) so a
 * concurrent order's stock decrement on a kept size is never lost to a delete.
 */
export async function updateProduct(actor: Actor, id: number, input: ProductInput): Promise<ProductDTO> {
  requirePermission(actor, "update:product:any");
  const pricePaisa = pricePaisaOf(input.price);
  let formerCategoryId: number | null = null;
  let statusChanged = false;
  try {
    const row = await prisma.$transaction(async (tx) => {
      if (!(await lockProduct(tx, id))) throw notFound("Product");
      const found = await tx.product.findUniqueOrThrow({ where: { id }, select: { id: true, categoryId: true, status: true } });
      formerCategoryId = found.categoryId;
      statusChanged = input.status !== undefined && input.status !== found.status;
      // Publishing from the editor or the API: the product as it will be saved must be ready.
      if (input.status === "active" && found.status !== "active") assertPublishable({ ...input, pricePaisa });
      const category = await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } });
      if (!category) throw unknownCategory();

      await writeSizes(tx, id, input.sizes);
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
          nameBn: input.nameBn ?? null,
          pricePaisa,
          image: input.image,
          brand: input.brand,
          categoryId: input.categoryId,
          description: sanitizeHtml(input.description),
          descriptionBn: sanitizedOrNull(input.descriptionBn ?? null),
          ...(input.status ? { status: input.status } : {}),
        },
        include: productInclude,
      });
    });
    // Its own page, every list showing it, and the category pages it leaves or joins.
    // Published or unpublished, it also changes counts, lists and search everywhere.
    catalogueChanged([
      `product:${id}`,
      `category:${input.categoryId}`,
      ...(formerCategoryId === null ? [] : [`category:${formerCategoryId}` as const]),
      ...(statusChanged ? (["catalogue"] as const) : []),
    ]);
    return toProductDTO(row);
  } catch (error) {
    // The category was deleted between the check and the write.
    if (isCode(error, "P2003")) throw unknownCategory();
    throw error;
  }
}

/** Order items keep their copies of name, image and price (their FK is SET NULL). */
export async function deleteProduct(actor: Actor, id: number): Promise<{ message: string }> {
  requirePermission(actor, "delete:product:any");
  const { count } = await prisma.product.deleteMany({ where: { id } });
  if (count === 0) throw notFound("Product");
  catalogueChanged([`product:${id}`, "catalogue"]);
  return { message: "Product removed" };
}
