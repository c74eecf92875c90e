import { Prisma } from "@prisma/client";

import type { Tx } from "~/models/platform/index.server";

import { ServiceError } from "~/models/platform/index.server";
import { toPaisa } from "./pricing";
import { publishRefusal, type PublishCandidate } from "./publishing";

// The rules every admin write of a product keeps (product.server.ts updates,
// product-admin.server.ts creates): one place, whichever screen or API call writes.

const PRICE_RULE = "Price must be a non-negative amount with at most 2 decimals";

/** The price in paisa, or a 400 on the price field. */
export function pricePaisaOf(price: number): number {
  const paisa = toPaisa(price);
  if (paisa === null || paisa < 0) throw new ServiceError(400, PRICE_RULE, { price: [PRICE_RULE] });
  return paisa;
}

/**
 * The one rule of publishing (issue 28 item 1, publishing.ts): a product goes
 * on sale only with its own name, a price, a size in stock and a real picture.
 * A 400 whose message says what is missing, and the same per field.
 */
export function assertPublishable(p: PublishCandidate) {
  const refusal = publishRefusal(p);
  if (refusal) throw new ServiceError(400, refusal.message, refusal.errors);
}

/**
 * Locks the product's row for the rest of the transaction, so a publish and
 * an edit of the same product take turns: what was checked is what goes on sale.
 */
export async function lockProduct(tx: Tx, id: number): Promise<{ status: string } | null> {
  const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM "Product" WHERE id = ${id} FOR UPDATE`;
  return row ?? null;
}

export const isCode = (error: unknown, code: string) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;

export const unknownCategory = () => new ServiceError(400, "Category not found", { categoryId: ["Category not found"] });
