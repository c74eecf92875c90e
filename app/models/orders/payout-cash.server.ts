import { Prisma } from "@prisma/client";

import { prisma } from "~/models/platform/index.server";
import { formatOrderNumber } from "~/utils/order-number";

import { CHARGES_SQL, COLLECTED_SQL, COLLECTED_WHERE } from "./payouts.server";

// Where the cash-on-delivery money is, per courier (issue 36 item 5, decision 095): on the road
// (to collect), with the courier (collected, not yet paid out) and paid out to the shop. Amounts in taka.

export type CourierCash = {
  courier: string;
  /** Shipped, not delivered, not on its way back: the cash the riders are to collect. */
  toCollect: { orders: number; amount: number };
  /** Delivered with cash, in no payout yet: the courier holds it. `owed` is collected − charges. */
  outstanding: { orders: number; collected: number; charges: number; owed: number };
  /** Everything the courier collected for delivered orders, paid out or not. */
  collected: number;
  /** What its recorded payouts say it paid. */
  paidOut: { payouts: number; amount: number };
};

type Row = {
  courier: string;
  to_collect_n: number;
  to_collect: number;
  held_n: number;
  held: number;
  held_charges: number;
  collected: number;
  payouts: number;
  paid: number;
};

const toTaka = (paisa: number | bigint) => Number(paisa) / 100;

/** Each courier with any cash to collect, held or paid out, by name. */
export async function cashByCourier(): Promise<CourierCash[]> {
  const rows = await prisma.$queryRaw<Row[]>`
    WITH road AS (
      SELECT o.courier, COUNT(*)::int AS n, COALESCE(SUM(COALESCE(o."codToCollectPaisa", 0)), 0)::bigint AS paisa
      FROM "Order" o
      WHERE o."shippedAt" IS NOT NULL AND o.courier IS NOT NULL AND NOT o."isDelivered" AND o."cancelledAt" IS NULL
        AND o."returningAt" IS NULL AND COALESCE(o."courierStatus", '') NOT IN ('delivered', 'partly_delivered')
        AND COALESCE(o."codToCollectPaisa", 0) > 0
      GROUP BY o.courier),
    done AS (
      SELECT o.courier,
        COUNT(*) FILTER (WHERE i.id IS NULL)::int AS held_n,
        COALESCE(SUM(${COLLECTED_SQL}) FILTER (WHERE i.id IS NULL), 0)::bigint AS held,
        COALESCE(SUM(${CHARGES_SQL}) FILTER (WHERE i.id IS NULL), 0)::bigint AS held_charges,
        COALESCE(SUM(${COLLECTED_SQL}), 0)::bigint AS collected
      FROM "Order" o LEFT JOIN "CourierPayoutItem" i ON i."orderId" = o.id
      WHERE ${COLLECTED_WHERE}
      GROUP BY o.courier),
    paid AS (
      SELECT courier, COUNT(*)::int AS payouts, COALESCE(SUM("amountPaisa"), 0)::bigint AS paisa FROM "CourierPayout" GROUP BY courier)
    SELECT c.courier, COALESCE(road.n, 0) AS to_collect_n, COALESCE(road.paisa, 0) AS to_collect,
      COALESCE(done.held_n, 0) AS held_n, COALESCE(done.held, 0) AS held, COALESCE(done.held_charges, 0) AS held_charges,
      COALESCE(done.collected, 0) AS collected, COALESCE(paid.payouts, 0) AS payouts, COALESCE(paid.paisa, 0) AS paid
    FROM (SELECT courier FROM road UNION SELECT courier FROM done UNION SELECT courier FROM paid) c
    LEFT JOIN road ON road.courier = c.courier LEFT JOIN done ON done.courier = c.courier LEFT JOIN paid ON paid.courier = c.courier
    ORDER BY c.courier`;
  return rows.map((r) => ({
    courier: r.courier,
    toCollect: { orders: r.to_collect_n, amount: toTaka(r.to_collect) },
    outstanding: { orders: r.held_n, collected: toTaka(r.held), charges: toTaka(r.held_charges), owed: toTaka(r.held) - toTaka(r.held_charges) },
    collected: toTaka(r.collected),
    paidOut: { payouts: r.payouts, amount: toTaka(r.paid) },
  }));
}

export type OutstandingOrder = {
  id: string;
  orderNumber: string;
  courier: string;
  deliveredAt: string | null;
  collected: number;
  charges: number;
  owed: number;
};

/** Delivered orders whose cash a courier still holds, oldest first: what the next payout should cover. */
export async function outstandingOrders({ courier, limit = 200 }: { courier?: string; limit?: number } = {}): Promise<OutstandingOrder[]> {
  const only = courier ? Prisma.sql`AND o.courier = ${courier}` : Prisma.empty;
  const rows = await prisma.$queryRaw<{ id: string; number: number; courier: string; deliveredAt: Date | null; collected: number; charges: number }[]>`
    SELECT o.id, o.number, o.courier, COALESCE(o."deliveredAt", o."courierStatusAt") AS "deliveredAt",
      ${COLLECTED_SQL}::int AS collected, ${CHARGES_SQL}::int AS charges
    FROM "Order" o
    WHERE ${COLLECTED_WHERE} ${only} AND NOT EXISTS (SELECT 1 FROM "CourierPayoutItem" i WHERE i."orderId" = o.id)
    ORDER BY 4 ASC NULLS LAST, o.number ASC LIMIT ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    orderNumber: formatOrderNumber(r.number),
    courier: r.courier,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    collected: toTaka(r.collected),
    charges: toTaka(r.charges),
    owed: toTaka(r.collected - r.charges),
  }));
}

/** An order's cash, as the payouts see it: to collect, with the courier, or paid out (and in which payout). */
export async function orderCashState(
  orderId: string,
): Promise<{ state: "none" | "to-collect" | "collected" | "paid-out"; payout: { id: number; reference: string } | null }> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { payoutItem: { select: { payout: { select: { id: true, reference: true } } } } },
  });
  if (order?.payoutItem) return { state: "paid-out", payout: order.payoutItem.payout };
  const [row] = await prisma.$queryRaw<{ collected: boolean; road: boolean }[]>`
    SELECT (${COLLECTED_WHERE}) AS collected,
      (o."shippedAt" IS NOT NULL AND NOT o."isDelivered" AND o."cancelledAt" IS NULL AND o."returningAt" IS NULL AND COALESCE(o."codToCollectPaisa", 0) > 0) AS road
    FROM "Order" o WHERE o.id = ${orderId}`;
  return { state: row?.collected ? "collected" : row?.road ? "to-collect" : "none", payout: null };
}
