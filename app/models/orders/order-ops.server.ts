import type { Prisma } from "@prisma/client";

import { CANCEL_REASON_LABELS, type CancelReason, type OrderCancelReason } from "~/schemas/order-ops";
import { prisma, type Tx } from "~/utils/db.server";

import { enqueueMail } from "../mail/outbox.server";
import { catalogueChanged } from "../platform/cache-events.server";
import { notFound, ServiceError } from "../platform/errors.server";
import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";
import { requireGuestProof, type GuestProof } from "./guest-cancel.server";

// What happens to an order after it is placed: paid, delivered, cancelled
// (with the stock going back), each recorded as an OrderEvent with who did it.
// Every step is a conditional UPDATE whose WHERE is the rule, so concurrent
// requests serialise on the order's row and a step happens at most once.

export type Actor = { id: number; isAdmin: boolean };

export const ORDER_CANCELLED = "This order has been cancelled";

async function readOrder(db: Tx | typeof prisma, id: string) {
  const row = await db.order.findUnique({ where: { id }, include: orderInclude });
  if (!row) throw notFound("Order");
  return row;
}

/**
 * Marks an order paid or delivered (admin); repeating keeps the first time.
 * A cancelled order is a 409 and stays as it is.
 */
export async function markStep(id: string, step: "paid" | "delivered", actorId: number | null): Promise<OrderDTO> {
  const at = new Date();
  const row = await prisma.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({
      where: step === "paid" ? { id, isPaid: false, cancelledAt: null } : { id, isDelivered: false, cancelledAt: null },
      data: step === "paid" ? { isPaid: true, paidAt: at } : { isDelivered: true, deliveredAt: at },
    });
    // Delivered means the buyer took it: a cash-on-delivery order awaiting confirmation is confirmed.
    if (count === 1 && step === "delivered") await markConfirmed(tx, id, "delivery", actorId, at);
    const order = await readOrder(tx, id);
    if (count === 1) {
      await tx.orderEvent.create({ data: { orderId: id, type: step, actorId, at } });
      await enqueueMail(tx, { key: `order-${step}:${id}`, to: order.shippingEmail, template: `order-${step}`, data: { orderId: id } });
    }
    return order;
  });
  if (row.cancelledAt) throw new ServiceError(409, `${ORDER_CANCELLED}; it cannot be marked ${step}`);
  return toOrderDTO(row);
}

/** Sets the order confirmed (once: the WHERE is the rule), records who and how, and drops the code. */
export async function markConfirmed(tx: Tx, id: string, method: "code" | "call" | "delivery", actorId: number | null, at: Date) {
  const { count } = await tx.order.updateMany({
    where: { id, confirmedAt: null, cancelledAt: null },
    data: { confirmedAt: at, confirmMethod: method },
  });
  if (count === 0) return false;
  await tx.orderEvent.create({ data: { orderId: id, type: "confirmed", reason: method, actorId, at } });
  await tx.orderConfirmCode.deleteMany({ where: { orderId: id } });
  return true;
}

/** Who may cancel: an admin any order; a shopper their own, and anyone holding a guest order's link (with proof: guest-cancel.server.ts). */
function mayCancel(order: { userId: number | null; placedAsGuest: boolean }, actor: Actor | null) {
  return actor?.isAdmin || order.placedAsGuest || (order.userId !== null && order.userId === actor?.id);
}

/**
 * Cancels an order and puts every line's quantity back on its size, in one
 * transaction. An admin can cancel any undelivered order and must give a
 * reason; a shopper only their own order while it is neither paid nor
 * delivered (the reason is then "customer asked"). The UPDATE's WHERE lets
 * exactly one of several concurrent cancels through, so stock comes back once;
 * the others get a 409. Orders the viewer may not see are a 404.
 */
export async function cancelOrder(
  id: string,
  reason: CancelReason | undefined,
  actor: Actor | null,
  proof?: GuestProof,
): Promise<OrderDTO> {
  const byAdmin = Boolean(actor?.isAdmin);
  await requireGuestProof(id, actor, proof);
  if (byAdmin && !reason) {
    throw new ServiceError(400, "Choose a reason for cancelling", { reason: ["Choose a reason for cancelling"] });
  }
  const why: CancelReason = byAdmin && reason ? reason : "customer-asked";
  const at = new Date();
  let restocked: number[] = [];
  const row = await prisma.$transaction(
    async (tx) => {
      const order = await tx.order.findUnique({ where: { id }, select: { userId: true, placedAsGuest: true } });
      if (!order || !mayCancel(order, actor)) throw notFound("Order");
      const { count } = await tx.order.updateMany({
        where: { id, cancelledAt: null, isDelivered: false, ...(byAdmin ? {} : { isPaid: false }) },
        data: { cancelledAt: at, cancelReason: why },
      });
      if (count === 0) throw await whyNot(tx, id);
      restocked = await restock(tx, id);
      await tx.orderEvent.create({ data: { orderId: id, type: "cancelled", reason: why, actorId: actor?.id ?? null, at } });
      const cancelled = await readOrder(tx, id);
      await enqueueMail(tx, { key: `order-cancelled:${id}`, to: cancelled.shippingEmail, template: "order-cancelled", data: { orderId: id, reason: why } });
      return cancelled;
    },
    // Cancels queue on the order's row and the sizes' rows, like checkouts do.
    { maxWait: 15_000, timeout: 20_000 },
  );
  // Sizes are back in stock on the pages that showed them sold out.
  catalogueChanged(restocked.map((productId) => `product:${productId}` as const));
  return toOrderDTO(row);
}

/** The 409 that says why an order can no longer be cancelled. */
async function whyNot(tx: Tx, id: string) {
  const now = await tx.order.findUniqueOrThrow({ where: { id }, select: { cancelledAt: true, isDelivered: true } });
  if (now.cancelledAt) return new ServiceError(409, "This order is already cancelled");
  if (now.isDelivered) return new ServiceError(409, "A delivered order cannot be cancelled");
  return new ServiceError(409, "A paid order can only be cancelled by the shop; please contact us");
}

/**
 * Each line's quantity goes back to its size, in the same fixed order checkout
 * locks sizes in (no deadlocks). A line whose product or size has been deleted
 * since has nowhere to go and is skipped.
 */
export async function restock(tx: Tx, orderId: string): Promise<number[]> {
  const items = await tx.orderItem.findMany({
    where: { orderId, productId: { not: null } },
    select: { productId: true, selectedSize: true, qty: true },
  });
  items.sort((a, b) => a.productId! - b.productId! || (a.selectedSize < b.selectedSize ? -1 : a.selectedSize > b.selectedSize ? 1 : 0));
  for (const item of items) {
    await tx.productSize.updateMany({
      where: { productId: item.productId!, size: item.selectedSize },
      data: { quantity: { increment: item.qty } },
    });
  }
  return [...new Set(items.map((item) => item.productId!))];
}

export type TimelineEntry = {
  type: "placed" | "confirmed" | "paid" | "delivered" | "cancelled";
  at: string;
  /** A cancellation's reason, as people read it; a confirmation's method (code, call, delivery). */
  reason: string | null;
  /** Who did it, for admins only; null for the shopper's view. */
  actor: string | null;
};

const eventSelect = {
  type: true,
  reason: true,
  at: true,
  actor: { select: { name: true } },
} satisfies Prisma.OrderEventSelect;

/**
 * An order's timeline, oldest first: placed (its createdAt), then its events.
 * Admins see who did each step; a shopper sees only the states and times.
 */
export async function getOrderTimeline(
  order: Pick<OrderDTO, "id" | "createdAt" | "user" | "shippingAddress">,
  { withActors }: { withActors: boolean },
): Promise<TimelineEntry[]> {
  const events = await prisma.orderEvent.findMany({ where: { orderId: order.id }, select: eventSelect, orderBy: [{ at: "asc" }, { id: "asc" }] });
  const placed: TimelineEntry = {
    type: "placed",
    at: order.createdAt,
    reason: null,
    actor: withActors ? (order.user?.name ?? `${order.shippingAddress.name} (guest)`) : null,
  };
  return [
    placed,
    ...events.map((e) => ({
      type: e.type as TimelineEntry["type"],
      at: e.at.toISOString(),
      reason: e.reason ? (CANCEL_REASON_LABELS[e.reason as OrderCancelReason] ?? e.reason) : null,
      actor: withActors ? (e.actor?.name ?? (e.type === "cancelled" ? "Guest buyer" : "Not recorded")) : null,
    })),
  ];
}
