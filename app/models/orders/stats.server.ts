import { Prisma } from "@prisma/client";

import { prisma, type Tx } from "~/models/platform/index.server";
import { formatOrderNumber } from "~/utils/order-number";
import { lastShopDays, SHOP_UTC_OFFSET_HOURS, startOfShopDay } from "~/utils/shop-time";
import { LOW_STOCK_AT_MOST } from "~/utils/stock-levels";

import { lowStockSizes, productNames, toTaka } from "~/models/catalogue/index.server";
import { statusWhere } from "./order-list.server";

// The admin dashboard's figures (page and GET /api/admin/stats). Cancelled
// orders never count; an order counts as revenue on the day it was paid (cash
// in hand), and as an order on the day it was placed. Days are Dhaka days.
// Beside paid revenue, "placed value" sums the orders placed (and not
// cancelled) on each day: a cash-on-delivery shop is paid days after the
// order, so that is the figure it watches daily.

const WAITING_SHOWN = 10;

/**
 * "Waiting for action" by what the shop does next (issue 41 item 2, decision
 * 085), each the admin order list's filter of the same name, so a count and
 * the list it links to agree. The four do not overlap.
 */
export const WAITING_GROUPS = [
  { key: "toConfirm", filter: "unconfirmed" },
  { key: "toShip", filter: "toship" },
  { key: "withCourier", filter: "shipped" },
  { key: "toCollect", filter: "tocollect" },
] as const;

export type WaitingGroupKey = (typeof WAITING_GROUPS)[number]["key"];

export type DashboardStats = Awaited<ReturnType<typeof getDashboardStats>>;

export async function getDashboardStats(now = new Date()) {
  const days = lastShopDays(now, 30);
  const since = startOfShopDay(days[0]!);
  // One snapshot: read apart, an order placed or delivered between two reads
  // would make the figures disagree (a waiting count below the orders listed).
  const [revenueRows, orderRows, topProducts, lowStock, waiting, waitingCount, counts] = await prisma.$transaction(
    async (tx) =>
      [
        await dailyRevenue(tx, since),
        await dailyOrders(tx, since),
        await topSellers(tx, since),
        await lowStockSizes(tx),
        await tx.order.findMany({
          where: { isDelivered: false, cancelledAt: null },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take: WAITING_SHOWN,
          select: { id: true, number: true, shippingName: true, createdAt: true, totalPaisa: true, isPaid: true },
        }),
        await tx.order.count({ where: { isDelivered: false, cancelledAt: null } }),
        await groupCounts(tx),
      ] as const,
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
  const revenueByDay = new Map(revenueRows.map((r) => [r.day, Number(r.paisa)]));
  const ordersByDay = new Map(orderRows.map((r) => [r.day, Number(r.count)]));
  const placedByDay = new Map(orderRows.map((r) => [r.day, Number(r.paisa)]));
  const series = days.map((date) => ({
    date,
    orders: ordersByDay.get(date) ?? 0,
    revenuePaisa: revenueByDay.get(date) ?? 0,
    placedPaisa: placedByDay.get(date) ?? 0,
  }));
  const period = (label: string, n: number) => {
    const window = series.slice(-n);
    return {
      label,
      days: n,
      orders: window.reduce((sum, d) => sum + d.orders, 0),
      revenue: toTaka(window.reduce((sum, d) => sum + d.revenuePaisa, 0)),
      placedValue: toTaka(window.reduce((sum, d) => sum + d.placedPaisa, 0)),
    };
  };
  return {
    periods: [period("Today", 1), period("Last 7 days", 7), period("Last 30 days", 30)],
    // Per Dhaka day: orders placed (count and value, paid or not) and revenue paid that day.
    revenueByDay: series.map((d) => ({ date: d.date, orders: d.orders, placedValue: toTaka(d.placedPaisa), revenue: toTaka(d.revenuePaisa) })),
    topProducts,
    lowStockAtMost: LOW_STOCK_AT_MOST,
    lowStock,
    waiting: {
      count: waitingCount,
      /** Per group, how many orders and the order list filter (`?status=`) that shows them. */
      groups: WAITING_GROUPS.map((g, i) => ({ key: g.key as WaitingGroupKey, status: g.filter, count: counts[i] ?? 0 })),
      orders: waiting.map((o) => ({
        id: o.id,
        orderNumber: formatOrderNumber(o.number),
        name: o.shippingName,
        createdAt: o.createdAt.toISOString(),
        totalPrice: toTaka(o.totalPaisa),
        isPaid: o.isPaid,
      })),
    },
  };
}

/** One count per WAITING_GROUPS entry, in its order; one after another on the transaction's connection. */
async function groupCounts(db: Tx): Promise<number[]> {
  const counts: number[] = [];
  for (const g of WAITING_GROUPS) counts.push(await db.order.count({ where: statusWhere[g.filter] }));
  return counts;
}

// Timestamps are stored as UTC without a zone; adding the offset gives the Dhaka date.
const shopDate = (column: Prisma.Sql) => Prisma.sql`to_char(${column} + make_interval(hours => ${SHOP_UTC_OFFSET_HOURS}), 'YYYY-MM-DD')`;

function dailyRevenue(db: Tx, since: Date) {
  return db.$queryRaw<{ day: string; paisa: bigint }[]>`
    SELECT ${shopDate(Prisma.sql`"paidAt"`)} AS day, SUM("totalPaisa")::bigint AS paisa
    FROM "Order" WHERE "paidAt" >= ${since} AND "cancelledAt" IS NULL GROUP BY 1`;
}

function dailyOrders(db: Tx, since: Date) {
  return db.$queryRaw<{ day: string; count: bigint; paisa: bigint }[]>`
    SELECT ${shopDate(Prisma.sql`"createdAt"`)} AS day, COUNT(*)::bigint AS count, SUM("totalPaisa")::bigint AS paisa
    FROM "Order" WHERE "createdAt" >= ${since} AND "cancelledAt" IS NULL GROUP BY 1`;
}

/**
 * The five products sold most (by quantity) in orders placed in the last 30
 * days and not cancelled. Lines of a deleted product (productId null) do not
 * count; the five names come from catalogue in one more query, in the same
 * snapshot.
 */
async function topSellers(db: Tx, since: Date) {
  const rows = await db.$queryRaw<{ id: number; qty: bigint }[]>`
    SELECT i."productId" AS id, SUM(i.qty)::bigint AS qty
    FROM "OrderItem" i
    JOIN "Order" o ON o.id = i."orderId"
    WHERE o."createdAt" >= ${since} AND o."cancelledAt" IS NULL AND i."productId" IS NOT NULL
    GROUP BY i."productId"
    ORDER BY qty DESC, i."productId" ASC
    LIMIT 5`;
  const names = await productNames(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, name: names.get(r.id) ?? "", qty: Number(r.qty) }));
}
