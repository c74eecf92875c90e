import type { Prisma } from "@prisma/client";

import type { CourierStatus, CourierUpdate } from "./types";
import { prisma, type Tx } from "~/models/platform/index.server";
import { parseOrderNumber } from "~/utils/order-number";
import { cashToCollectPaisa } from "~/utils/money";

import { catalogueChanged } from "~/models/platform/index.server";
import { orderInclude, toOrderDTO, type OrderDTO } from "./order-dto.server";
import type { Viewer } from "./order-access.server";
import { orderStateSelect, restock, takeStep } from "./order-ops.server";
import { requireOrderAction } from "./order-permissions.server";

// What a courier's word does to an order (issue 36 item 4, decision 089), and
// the shop's "received back". One transaction each: the event is recorded once
// ((courier, eventKey) is unique), the order's row is locked, and the order only
// ever moves forward along STATUS_RANK.

/**
 * How far along a parcel is. A courier's update applies only when it ranks
 * above the order's status, or equal and newer (on hold ↔ out for delivery,
 * back and forth as riders retry). The outcomes (rank 4) are final: the first
 * one heard stands, a later contradicting one is kept in the history only.
 * `returned` is the shop's own (received back), beyond any courier's word.
 */
export const STATUS_RANK: Record<CourierStatus, number> = {
  booked: 0,
  cancelled: 0,
  picked: 1,
  in_transit: 2,
  on_hold: 3,
  out_for_delivery: 3,
  delivered: 4,
  partly_delivered: 4,
  returning: 4,
  returned: 5,
};

export function advances(current: { status: string | null; at: Date | null }, next: { status: CourierStatus; at: Date }): boolean {
  if (!current.status) return true;
  const now = STATUS_RANK[current.status as CourierStatus] ?? -1;
  const then = STATUS_RANK[next.status];
  if (then !== now) return then > now;
  return now < 4 && next.status !== current.status && (!current.at || next.at >= current.at);
}

export type UpdateResult = { result: "applied" | "duplicate" | "stale" | "unknown"; orderId: string | null };

const lockedSelect = {
  ...orderStateSelect,
  id: true,
  totalPaisa: true,
  courierStatus: true,
  courierStatusAt: true,
  codToCollectPaisa: true,
} satisfies Prisma.OrderSelect;

/** The order the courier means: its consignment id, else its invoice (our order number) with that courier. */
async function findOrderId(tx: Tx, update: CourierUpdate): Promise<string | null> {
  if (update.consignmentId) {
    const row = await tx.order.findFirst({ where: { courier: update.courier, consignmentId: update.consignmentId }, select: { id: true } });
    if (row) return row.id;
  }
  const number = update.invoice ? parseOrderNumber(update.invoice) : null;
  if (number === null) return null;
  const row = await tx.order.findFirst({ where: { number, courier: update.courier }, select: { id: true } });
  return row?.id ?? null;
}

/** Applies one courier update; nothing happens twice, nothing goes backwards, unknown parcels change nothing. */
export async function applyCourierUpdate(update: CourierUpdate): Promise<UpdateResult> {
  return prisma.$transaction(
    async (tx) => {
      const id = await findOrderId(tx, update);
      if (!id) return { result: "unknown", orderId: null };
      // Updates of one parcel queue here, so the rank comparison below sees the last one applied.
      await tx.$queryRaw`SELECT 1 FROM "Order" WHERE id = ${id} FOR UPDATE`;
      const { count } = await tx.courierEvent.createMany({
        data: [
          {
            courier: update.courier,
            eventKey: update.eventKey.slice(0, 300),
            orderId: id,
            status: update.status,
            message: update.message,
            messageBn: update.messageBn,
            raw: (update.raw ?? {}) as Prisma.InputJsonValue,
            at: update.at,
          },
        ],
        skipDuplicates: true,
      });
      if (count === 0) return { result: "duplicate", orderId: id };
      const order = (await tx.order.findUnique({ where: { id }, select: lockedSelect }))!;
      // The money is recorded whenever the courier states it, even on an event that changes no status.
      const money = {
        ...(update.deliveryChargePaisa !== null ? { deliveryChargePaisa: update.deliveryChargePaisa } : {}),
        ...(update.codFeePaisa !== null ? { codFeePaisa: update.codFeePaisa } : {}),
      };
      if (!advances({ status: order.courierStatus, at: order.courierStatusAt }, update)) {
        if (Object.keys(money).length > 0) await tx.order.update({ where: { id }, data: money });
        return { result: "stale", orderId: id };
      }
      await tx.order.update({ where: { id }, data: { ...money, courierStatus: update.status, courierStatusAt: update.at } });
      await outcome(tx, order, update);
      return { result: "applied", orderId: id };
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
}

type Locked = Prisma.OrderGetPayload<{ select: typeof lockedSelect }>;

/** What delivered, partly delivered and returning do beyond the status (issue 36 item 4). */
async function outcome(tx: Tx, order: Locked, update: CourierUpdate) {
  const reason = update.courier;
  if (update.status === "delivered") {
    const expected = order.codToCollectPaisa ?? cashToCollectPaisa(order.totalPaisa, order.isPaid);
    // A courier that says "delivered" without an amount collected what it was asked to.
    const collected = update.codCollectedPaisa ?? expected;
    await tx.order.update({ where: { id: order.id }, data: { codCollectedPaisa: collected } });
    await takeStep(tx, order.id, "delivered", null, update.at, reason);
    // Less cash than asked: delivered, but the admin settles what is missing.
    if (collected >= expected && !order.isPaid) await takeStep(tx, order.id, "paid", null, update.at, reason);
  } else if (update.status === "partly_delivered") {
    // Some items came back with the rider: the admin says which (and whether it is paid).
    if (update.codCollectedPaisa !== null) await tx.order.update({ where: { id: order.id }, data: { codCollectedPaisa: update.codCollectedPaisa } });
  } else if (update.status === "returning" && !order.returningAt && !order.isDelivered) {
    const why = update.message ?? "Returned by the courier";
    await tx.order.update({ where: { id: order.id }, data: { returningAt: update.at, returnReason: why } });
    await tx.orderEvent.create({ data: { orderId: order.id, type: "returning", reason: why, at: update.at } });
  }
}

/**
 * The parcel is back at the shop (admin): its items go back into stock, exactly
 * once (the UPDATE's WHERE lets one of several concurrent calls through), and
 * the order closes as returned, cancelled with its reason if it was not already.
 * Asking again answers with the order as it is.
 */
export async function markReceivedBack(id: string, actor: Viewer): Promise<OrderDTO> {
  const at = new Date();
  let restocked: number[] = [];
  const row = await prisma.$transaction(
    async (tx) => {
      const read = () => tx.order.findUnique({ where: { id }, select: { ...orderStateSelect, returnReason: true, cancelReason: true } });
      const before = await read();
      if (requireOrderAction(before, "receive-back", actor) === "go") {
        const { count } = await tx.order.updateMany({
          where: { id, returningAt: { not: null }, returnedAt: null, isDelivered: false },
          data: { returnedAt: at, courierStatus: "returned", courierStatusAt: at },
        });
        if (count === 0) requireOrderAction(await read(), "receive-back", actor);
        else {
          const why = before!.returnReason ?? "Returned";
          await tx.order.updateMany({ where: { id, cancelledAt: null }, data: { cancelledAt: at, cancelReason: "refused" } });
          restocked = await restock(tx, id);
          await tx.orderEvent.create({ data: { orderId: id, type: "returned", reason: why, actorId: actor?.id ?? null, at } });
        }
      }
      return tx.order.findUniqueOrThrow({ where: { id }, include: orderInclude });
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
  // The sizes are on sale again on the pages that showed them sold out.
  catalogueChanged(restocked.map((productId) => `product:${productId}` as const));
  return toOrderDTO(row);
}
