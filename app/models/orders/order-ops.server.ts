import type { Prisma } from "@prisma/client";

import { CANCEL_REASON_LABELS, type CancelReason, type OrderCancelReason, shipmentWords, type ShipOrderInput } from "~/schemas/order-ops";
import { prisma, type Tx } from "~/models/platform/index.server";
import type { CourierStatus } from "./types";

import { enqueueMail } from "~/models/mail/index.server";
import { catalogueChanged } from "~/models/platform/index.server";
import { restockLines } from "~/models/catalogue/index.server";
import { notFound, ServiceError } from "~/models/platform/index.server";
import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";
import { requireGuestProof, type GuestProof } from "./guest-cancel.server";
import type { Viewer } from "./order-access.server";
import { queueShippedMessages, queueStepMessage } from "./order-messages.server";
import { requireOrderAction } from "./order-permissions.server";

// What happens to an order after it is placed: confirmed, paid, shipped,
// delivered, cancelled (with the stock going back), each recorded as an
// OrderEvent with who did it. Who may take each step is order-permissions.server.ts.
// Every step is a conditional UPDATE whose WHERE is the rule, so concurrent
// requests serialise on the order's row and a step happens at most once.

export type Actor = { id: number; isAdmin: boolean };

export const ORDER_CANCELLED = "This order has been cancelled";

/** What the permission rules read (order-permissions.server.ts). */
export const orderStateSelect = {
  userId: true,
  placedAsGuest: true,
  isPaid: true,
  isDelivered: true,
  cancelledAt: true,
  confirmedAt: true,
  shippedAt: true,
  returningAt: true,
  returnedAt: true,
} satisfies Prisma.OrderSelect;

async function readOrder(db: Tx | typeof prisma, id: string) {
  const row = await db.order.findUnique({ where: { id }, include: orderInclude });
  if (!row) throw notFound("Order");
  return row;
}

/**
 * Marks an order paid or delivered (admin: the service checks, whoever calls
 * it); repeating keeps the first time. A cancelled order is a 409 and stays as
 * it is. Their messages wait a little (order-messages.server.ts), so Paid and
 * Delivered pressed together reach the buyer as one e-mail.
 */
export async function markStep(id: string, step: "paid" | "delivered", actor: Viewer): Promise<OrderDTO> {
  const action = step === "paid" ? "pay" : "deliver";
  const at = new Date();
  const row = await prisma.$transaction(async (tx) => {
    const before = await tx.order.findUnique({ where: { id }, select: orderStateSelect });
    if (requireOrderAction(before, action, actor) === "done") return readOrder(tx, id);
    if (!(await takeStep(tx, id, step, actor?.id ?? null, at))) {
      // Someone got there first: the same step (the order as it is now) or a cancel (its 409).
      requireOrderAction(await tx.order.findUnique({ where: { id }, select: orderStateSelect }), action, actor);
    }
    return readOrder(tx, id);
  });
  return toOrderDTO(row);
}

/** What a courier's booking adds to the shipped step (shipping/booking.server.ts): same rules, same messages. */
export type ParcelColumns = Pick<
  Prisma.OrderUpdateManyMutationInput,
  "consignmentId" | "courierStatus" | "courierStatusAt" | "codToCollectPaisa" | "deliveryChargePaisa" | "bookingError"
>;

/**
 * The step itself, inside the caller's transaction: set once (the WHERE is the
 * rule), its timeline entry and its message. False when it was already taken
 * or the order is cancelled. The admin's buttons and the courier's "delivered"
 * (courier-updates.server.ts) both come here, so both say the same to the buyer.
 */
export async function takeStep(tx: Tx, id: string, step: "paid" | "delivered", actorId: number | null, at: Date, reason: string | null = null) {
  const { count } = await tx.order.updateMany({
    where: step === "paid" ? { id, isPaid: false, cancelledAt: null } : { id, isDelivered: false, cancelledAt: null },
    data: step === "paid" ? { isPaid: true, paidAt: at } : { isDelivered: true, deliveredAt: at },
  });
  if (count === 0) return false;
  // Delivered means the buyer took it: a cash-on-delivery order awaiting confirmation is confirmed.
  if (step === "delivered") await markConfirmed(tx, id, "delivery", actorId, at);
  const order = await readOrder(tx, id);
  await tx.orderEvent.create({ data: { orderId: id, type: step, reason, actorId, at } });
  await queueStepMessage(tx, order, step);
  return true;
}

/**
 * Hands an order to a courier (admin). The first time sets shippedAt; shipping
 * again corrects the courier, tracking number or note and keeps shippedAt.
 * Each new courier and tracking number is a timeline entry and one e-mail and
 * SMS; sending the same details again changes nothing.
 */
export async function markShipped(id: string, input: ShipOrderInput, actor: Viewer, parcel?: ParcelColumns): Promise<OrderDTO> {
  const at = new Date();
  const row = await prisma.$transaction(async (tx) => {
    const before = await tx.order.findUnique({ where: { id }, select: { ...orderStateSelect, courier: true, trackingNumber: true, shipNote: true } });
    requireOrderAction(before, "ship", actor);
    const same = before!.courier === input.courier && before!.trackingNumber === (input.trackingNumber ?? null);
    if (same && before!.shipNote === (input.note ?? null)) return readOrder(tx, id);
    const { count } = await tx.order.updateMany({
      where: { id, cancelledAt: null, isDelivered: false, confirmedAt: { not: null } },
      data: {
        shippedAt: before!.shippedAt ?? at,
        courier: input.courier,
        trackingNumber: input.trackingNumber ?? null,
        shipNote: input.note ?? null,
        ...parcel,
      },
    });
    if (count === 0) requireOrderAction(await tx.order.findUnique({ where: { id }, select: orderStateSelect }), "ship", actor);
    const order = await readOrder(tx, id);
    if (!same) {
      await tx.orderEvent.create({ data: { orderId: id, type: "shipped", reason: shipmentWords(order), actorId: actor?.id ?? null, at } });
      await queueShippedMessages(tx, order);
    }
    return order;
  });
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

/**
 * Cancels an order and puts every line's quantity back on its size, in one
 * transaction; a shipped order's items come back only when it is received back
 * (courier-updates.server.ts markReceivedBack). An admin can cancel any undelivered order and must give a
 * reason; a shopper only their own order while it is neither paid nor
 * delivered (the reason is then "customer asked"). The UPDATE's WHERE lets
 * exactly one of several concurrent cancels through, so stock comes back once;
 * the others get a 409. Orders the viewer may not see are a 404.
 */
export async function cancelOrder(id: string, reason: CancelReason | undefined, actor: Actor | null, proof?: GuestProof): Promise<OrderDTO> {
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
      requireOrderAction(await tx.order.findUnique({ where: { id }, select: orderStateSelect }), "cancel", actor);
      const { count } = await tx.order.updateMany({
        where: { id, cancelledAt: null, isDelivered: false, ...(byAdmin ? {} : { isPaid: false, shippedAt: null }) },
        data: { cancelledAt: at, cancelReason: why },
      });
      // A concurrent cancel, payment or shipment got there first: its 409.
      if (count === 0) requireOrderAction(await tx.order.findUnique({ where: { id }, select: orderStateSelect }), "cancel", actor);
      // Our UPDATE holds the row, so no shipment can slip in between. A parcel already with a courier is
      // still on the road: its items come back when it is received back (decision 089), not now.
      const { shippedAt } = (await tx.order.findUnique({ where: { id }, select: { shippedAt: true } }))!;
      if (shippedAt) {
        await tx.order.updateMany({ where: { id, returningAt: null }, data: { returningAt: at, returnReason: CANCEL_REASON_LABELS[why] } });
      } else restocked = await restock(tx, id);
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

/** Each line goes back to its size's stock (catalogue's restockLines: the fixed lock order, deleted sizes skipped). */
export async function restock(tx: Tx, orderId: string): Promise<number[]> {
  const items = await tx.orderItem.findMany({
    where: { orderId, productId: { not: null } },
    select: { productId: true, selectedSize: true, qty: true, colorId: true, color: true },
  });
  // A line whose colour was removed since (colorId set null, its name kept) has nowhere to go.
  const lines = items.filter((i) => i.color === null || i.colorId !== null);
  return restockLines(
    tx,
    lines.map((i) => ({ productId: i.productId!, size: i.selectedSize, colorId: i.colorId, qty: i.qty })),
  );
}

export type TimelineEntry = {
  type: "placed" | "confirmed" | "paid" | "shipped" | "delivered" | "cancelled" | "courier" | "returning" | "returned";
  at: string;
  /** A cancellation's reason, as people read it; a confirmation's method (code, call, delivery); a shipment's courier and number. */
  reason: string | null;
  /** Who did it, for admins only; null for the shopper's view. */
  actor: string | null;
  /** For a step no person's account did (admins only): who did it, as order.timeline.actor.<role> says it. */
  actorRole?: TimelineActorRole | null;
  /** A courier's step (type "courier"): its status word, and its own words in English and Bangla (RedX sends both). */
  courier?: { status: CourierStatus; message: string | null; messageBn: string | null };
};

export type TimelineActorRole = "buyerCode" | "buyer" | "holdEnded" | "auto" | "courier";

/** Who took a step no account is recorded for (issue 41 item 1): never "Not recorded" for the shop's own jobs. */
function actorRole(type: string, reason: string | null): TimelineActorRole {
  // Steps a courier's webhook took (paid, delivered, returning) record the courier in `reason`.
  if (reason === "steadfast" || reason === "pathao" || reason === "redx") return "courier";
  if (type === "confirmed") return reason === "code" ? "buyerCode" : "auto";
  if (type === "cancelled") return reason === "not-confirmed" ? "holdEnded" : "buyer";
  if (type === "courier" || type === "returning" || type === "returned" || type === "delivered") return "courier";
  return "auto";
}

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
  // What the courier said, every word heard once (CourierEvent), in the order it happened.
  const heard = await prisma.courierEvent.findMany({
    where: { orderId: order.id },
    select: { at: true, status: true, message: true, messageBn: true },
    orderBy: [{ at: "asc" }, { id: "asc" }],
  });
  const steps: TimelineEntry[] = heard.map((c) => ({
    type: "courier",
    at: c.at.toISOString(),
    reason: null,
    actor: null,
    courier: { status: c.status as CourierStatus, message: c.message, messageBn: c.messageBn },
  }));
  const own: TimelineEntry[] = [
    placed,
    ...events.map((e) => ({
      type: e.type as TimelineEntry["type"],
      at: e.at.toISOString(),
      // A shipment's reason stays as stored ("pathao PX123"): the page reads the courier out of it.
      reason: e.reason && e.type !== "shipped" ? (CANCEL_REASON_LABELS[e.reason as OrderCancelReason] ?? e.reason) : e.reason,
      actor: withActors ? (e.actor?.name ?? null) : null,
      actorRole: withActors && !e.actor ? actorRole(e.type, e.reason) : null,
    })),
  ];
  return [...own, ...steps].sort((a, b) => a.at.localeCompare(b.at));
}
