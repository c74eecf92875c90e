import crypto from "node:crypto";

import { Prisma } from "@prisma/client";

import type { Lang } from "~/i18n/languages";
import type { Tx } from "~/models/platform/index.server";

import type { OrderRow } from "./order-dto.server";

// Writing a placed order: the order row and its item copies in ONE statement.
// Raw SQL because checkout is the shop's hottest write and Prisma's query
// compiler cost more than the writes themselves: orders/s doubled without it
// (bench/results.md). Types and defaults are the schema's (prisma/schema/orders.prisma).

const { sql } = Prisma;

export type NewOrder = {
  /** The checkout page's one-time id, or a fresh UUID. */
  id?: string;
  userId: number | null;
  shippingName: string;
  shippingEmail: string;
  address: string;
  city: string;
  postalCode: string;
  phone: string;
  deliveryLabel: string;
  country?: string;
  paymentMethod: string;
  lang: Lang;
  itemsPaisa: number;
  shippingPaisa: number;
  taxPaisa: number;
  totalPaisa: number;
  /** The coupon that priced it (issue 41 item 4): its id, code and what it took off; null without one. */
  coupon?: { id: number; code: string; paisa: number } | null;
  /** Needs no cash-on-delivery confirmation: confirmed ("auto") as it is placed (decision 055). */
  confirmed: boolean;
  /** The body fingerprint of the Idempotency-Key that names this order (idempotency.server.ts), if one does. */
  keyFingerprint?: string;
  /** The client address it came from (issue 37: the held-pieces cap per address); null from service tests. */
  clientIp?: string | null;
};

/** A line as ordered: both of the product's names (nameBn null when it has none), so the order reads in either language. */
export type NewItem = {
  productId: number;
  name: string;
  nameBn: string | null;
  image: string;
  pricePaisa: number;
  qty: number;
  selectedSize: string;
  /** The variant's colour (issue 38); left out or null for a product without colours. */
  colorId?: number | null;
  color?: string | null;
  colorBn?: string | null;
};

type Inserted = Omit<OrderRow, "items" | "user"> & { items: OrderRow["items"]; limitKeys: string[] };

/**
 * Inserts the order and its lines (in the given order) and returns them as
 * written, with the buyer's order limits counted in the same statement
 * (`limits`: rate-window.server.ts's upsert): `limitKeys` are the keys that let
 * it through; the caller refuses (and rolls back) if any did not.
 */
export async function insertOrder(tx: Tx, o: NewOrder, items: NewItem[], limits: Prisma.Sql): Promise<Inserted> {
  const country = o.country ? sql`${o.country}` : sql`DEFAULT`;
  const col = <K extends keyof NewItem>(k: K) => items.map((i) => i[k] ?? null);
  // The key's binding commits with the order or not at all (issue 40): a failed order leaves the key free.
  // A binding without an order (left by a failed order before this) is stale and taken over.
  const key = o.keyFingerprint
    ? sql`k AS (
        INSERT INTO "IdempotencyKey" ("orderId", fingerprint) SELECT o.id, ${o.keyFingerprint} FROM o
        ON CONFLICT ("orderId") DO UPDATE SET fingerprint = EXCLUDED.fingerprint, "createdAt" = EXCLUDED."createdAt"),`
    : Prisma.empty;
  const [row] = await tx.$queryRaw<Inserted[]>`
    WITH lim AS (${limits}),
    o AS (
      INSERT INTO "Order" (id, "userId", "placedAsGuest", "shippingName", "shippingEmail", address, city,
        "postalCode", phone, "deliveryLabel", country, "paymentMethod", lang, "itemsPaisa", "shippingPaisa", "taxPaisa", "totalPaisa",
        "confirmedAt", "confirmMethod", "couponId", "couponCode", "couponPaisa", "clientIp")
      VALUES (${o.id ?? crypto.randomUUID()}, ${o.userId}::int, ${o.userId === null}, ${o.shippingName}, ${o.shippingEmail},
        ${o.address}, ${o.city}, ${o.postalCode}, ${o.phone}, ${o.deliveryLabel}, ${country}, ${o.paymentMethod}, ${o.lang},
        ${o.itemsPaisa}::int, ${o.shippingPaisa}::int, ${o.taxPaisa}::int, ${o.totalPaisa}::int,
        ${o.confirmed ? sql`CURRENT_TIMESTAMP` : sql`NULL`}, ${o.confirmed ? "auto" : null}::text,
        ${o.coupon?.id ?? null}::int, ${o.coupon?.code ?? null}::text, ${o.coupon?.paisa ?? 0}::int, ${o.clientIp ?? null}::text)
      RETURNING *),
    ${key}
    i AS (
      INSERT INTO "OrderItem" ("orderId", "productId", name, "nameBn", image, "pricePaisa", qty, "selectedSize", "colorId", color, "colorBn")
      SELECT o.id, x.product_id, x.name, x.name_bn, x.image, x.price, x.qty, x.size, x.color_id, x.color, x.color_bn
      FROM o, unnest(${col("productId")}::int[], ${col("name")}::text[], ${col("nameBn")}::text[], ${col("image")}::text[],
                     ${col("pricePaisa")}::int[], ${col("qty")}::int[], ${col("selectedSize")}::text[],
                     ${col("colorId")}::int[], ${col("color")}::text[], ${col("colorBn")}::text[])
              WITH ORDINALITY AS x(product_id, name, name_bn, image, price, qty, size, color_id, color, color_bn, n)
      ORDER BY x.n
      RETURNING *)
    SELECT o.*, (SELECT json_agg(i ORDER BY i.id) FROM i) AS items,
      (SELECT coalesce(json_agg(lim.key), '[]'::json) FROM lim) AS "limitKeys" FROM o`;
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  return row;
}
