import { prisma } from "~/models/platform/index.server";
import { cashToCollectPaisa } from "~/utils/money";
import { formatOrderNumber } from "~/utils/order-number";

import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";
import { orderStateSelect } from "./order-ops.server";

// The narrow part of orders that courier booking (shipping/booking.server.ts) needs: the orders to
// book, as parcels, and the courier's refusal kept next to an order. The shipped step itself is
// markShipped, so a booked order follows the same rules and the buyer gets the same messages.

export type OrderToBook = Awaited<ReturnType<typeof readOrdersToBook>>[number];

/** The orders with what a parcel needs; ids that are not orders are simply missing. */
export async function readOrdersToBook(ids: string[]) {
  const rows = await prisma.order.findMany({
    where: { id: { in: ids } },
    select: {
      ...orderStateSelect,
      id: true,
      number: true,
      shippingName: true,
      phone: true,
      address: true,
      city: true,
      postalCode: true,
      totalPaisa: true,
      courier: true,
      consignmentId: true,
      items: { select: { name: true, qty: true, selectedSize: true } },
    },
  });
  return rows.map((o) => ({
    ...o,
    invoice: formatOrderNumber(o.number),
    codPaisa: cashToCollectPaisa(o.totalPaisa, o.isPaid),
    itemDescription: o.items
      .map((i) => `${i.qty} × ${i.name}${i.selectedSize ? ` (${i.selectedSize})` : ""}`)
      .join(", ")
      .slice(0, 250),
    itemCount: o.items.reduce((n, i) => n + i.qty, 0),
  }));
}

/** Keeps the courier's refusal next to the order and changes nothing else. */
export async function recordBookingError(ids: string[], message: string) {
  await prisma.order.updateMany({ where: { id: { in: ids }, consignmentId: null }, data: { bookingError: message.slice(0, 300) } });
}

/** Orders as the API shows them, in the order of `ids`. */
export async function readOrderDTOs(ids: string[]): Promise<OrderDTO[]> {
  const rows = await prisma.order.findMany({ where: { id: { in: ids } }, include: orderInclude });
  const byId = new Map(rows.map((r) => [r.id, toOrderDTO(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
