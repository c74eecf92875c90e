import type { Prisma } from "@prisma/client";

import { prisma } from "~/models/platform/index.server";
import { cashToCollectPaisa } from "~/utils/money";
import { formatOrderNumber } from "~/utils/order-number";

// Packing (issue 36 item 6, decision 096): the picklist of what to take off the shelves and the
// labels to stick on the parcels, for the orders an admin ticked or, by default, every order
// ready to ship: confirmed and not yet handed over (not shipped, or booked with a courier whose
// rider has not picked it up yet).

/** At most this many orders on one print: a day's parcels, and a page that still renders quickly. */
export const PACK_MAX = 500;

const READY: Prisma.OrderWhereInput = {
  confirmedAt: { not: null },
  cancelledAt: null,
  isDelivered: false,
  returningAt: null,
  OR: [{ shippedAt: null }, { courierStatus: "booked" }],
};

/** The orders to pack: the ids given (any state but cancelled), else every order ready to ship. */
function packWhere(ids: string[]): Prisma.OrderWhereInput {
  return ids.length ? { id: { in: ids.slice(0, PACK_MAX) }, cancelledAt: null } : READY;
}

/** `color`: the variant's colour (issue 38), null on a product without colours. */
export type PickLine = { productId: number | null; name: string; color: string | null; size: string; qty: number; category: string; orders: string[] };

/**
 * One line per product, colour and size (a variant: what sits in one pile on the shelf), quantities
 * summed over the orders, in shelf order: by category, then product name, then the product's own
 * colour order, then its size order (S before M before L), so a picker walks each rack once.
 */
export async function picklist(ids: string[]) {
  const orders = await prisma.order.findMany({
    where: packWhere(ids),
    orderBy: { number: "asc" },
    take: PACK_MAX,
    select: {
      number: true,
      items: {
        select: {
          productId: true,
          name: true,
          qty: true,
          selectedSize: true,
          colorId: true,
          color: true,
          product: {
            select: {
              category: { select: { name: true } },
              sizes: { select: { size: true, colorId: true, position: true } },
              colors: { select: { id: true, position: true } },
            },
          },
        },
      },
    },
  });
  const lines = new Map<string, PickLine & { colorRank: number; sizeRank: number }>();
  for (const o of orders) {
    for (const i of o.items) {
      // The colour's name too: a colour removed from the product since (colorId null) still picks apart.
      const key = `${i.productId ?? i.name}|${i.colorId ?? ""}|${i.color ?? ""}|${i.selectedSize}`;
      const line = lines.get(key) ?? {
        productId: i.productId,
        name: i.name,
        color: i.color,
        size: i.selectedSize,
        qty: 0,
        category: i.product?.category.name ?? "",
        orders: [],
        colorRank: i.product?.colors.find((c) => c.id === i.colorId)?.position ?? 999,
        sizeRank: i.product?.sizes.find((s) => s.size === i.selectedSize && s.colorId === i.colorId)?.position ?? 999,
      };
      line.qty += i.qty;
      const number = formatOrderNumber(o.number);
      if (!line.orders.includes(number)) line.orders.push(number);
      lines.set(key, line);
    }
  }
  const sorted = [...lines.values()].sort(
    (a, b) =>
      a.category.localeCompare(b.category) ||
      a.name.localeCompare(b.name) ||
      a.colorRank - b.colorRank ||
      (a.color ?? "").localeCompare(b.color ?? "") ||
      a.sizeRank - b.sizeRank ||
      a.size.localeCompare(b.size),
  );
  return {
    orderCount: orders.length,
    itemCount: sorted.reduce((n, l) => n + l.qty, 0),
    lines: sorted.map(({ colorRank: _colour, sizeRank: _size, ...line }) => line),
  };
}

export type LabelData = {
  id: string;
  orderNumber: string;
  name: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  /** Cash the rider collects, whole taka in paisa: the booked amount, else the total rounded (0 when paid). */
  codPaisa: number;
  courier: string | null;
  consignmentId: string | null;
  trackingCode: string | null;
  itemCount: number;
  /** What is in the parcel, so a packer can check it against the label (issue 38: colour and size). */
  items: LabelItem[];
};

export type LabelItem = { name: string; color: string | null; size: string; qty: number };

/** The labels' data, in order-number order. */
export async function labelData(ids: string[]): Promise<LabelData[]> {
  const orders = await prisma.order.findMany({
    where: packWhere(ids),
    orderBy: { number: "asc" },
    take: PACK_MAX,
    select: {
      id: true,
      number: true,
      shippingName: true,
      phone: true,
      address: true,
      city: true,
      postalCode: true,
      totalPaisa: true,
      isPaid: true,
      codToCollectPaisa: true,
      courier: true,
      consignmentId: true,
      trackingNumber: true,
      items: { select: { name: true, color: true, selectedSize: true, qty: true }, orderBy: { id: "asc" } },
    },
  });
  return orders.map((o) => ({
    id: o.id,
    orderNumber: formatOrderNumber(o.number),
    name: o.shippingName,
    phone: o.phone,
    address: o.address,
    city: o.city,
    postalCode: o.postalCode,
    codPaisa: o.isPaid ? 0 : (o.codToCollectPaisa ?? cashToCollectPaisa(o.totalPaisa)),
    courier: o.courier,
    consignmentId: o.consignmentId,
    trackingCode: o.trackingNumber,
    itemCount: o.items.reduce((n, i) => n + i.qty, 0),
    items: o.items.map((i) => ({ name: i.name, color: i.color, size: i.selectedSize, qty: i.qty })),
  }));
}
