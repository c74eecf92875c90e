import { Prisma } from "@prisma/client";

import { prisma, type Tx } from "~/models/platform/index.server";
import { notFound, requirePermission, ServiceError } from "~/models/platform/index.server";
import type { PayoutInput, PayoutLine } from "~/schemas/payout";
import { formatOrderNumber, parseOrderNumber } from "~/utils/order-number";

import type { Viewer } from "./order-access.server";

// Courier payouts (issue 36 item 5, decision 095). A delivered cash-on-delivery order moves
// cash to collect → collected by the courier → paid out to the shop. A payout is recorded once
// ((courier, reference) is unique) and pays each order once (CourierPayoutItem.orderId is unique):
// the database refuses a second import, whatever raced it, and the service says so as a 409.

/** SQL: what the courier collected for a delivered order (the booked cash when it reported no amount). */
export const COLLECTED_SQL = Prisma.sql`COALESCE(o."codCollectedPaisa", o."codToCollectPaisa", 0)`;
/** SQL: the courier's charges for an order (delivery charge and COD fee). */
export const CHARGES_SQL = Prisma.sql`(COALESCE(o."deliveryChargePaisa", 0) + COALESCE(o."codFeePaisa", 0))`;
/** SQL: delivered (or partly) by a courier, not cancelled: its cash is with the courier or already paid out. */
export const COLLECTED_WHERE = Prisma.sql`o."courier" IS NOT NULL AND o."cancelledAt" IS NULL
  AND (o."isDelivered" OR o."courierStatus" IN ('delivered', 'partly_delivered')) AND ${COLLECTED_SQL} > 0`;

type Candidate = {
  id: string;
  number: number;
  consignmentId: string | null;
  trackingNumber: string | null;
  collected: number;
  charges: number;
  delivered: boolean;
  payout: string | null;
  /** The order has no collected amount / no charges of its own yet: a courier's payment may fill them. */
  noCollected: boolean;
  noCharges: boolean;
};

/** The courier's orders the lines name (order number, consignment id or tracking code), locked in id order. */
async function candidates(tx: Tx, courier: string, lines: PayoutLine[]): Promise<Candidate[]> {
  const numbers = lines.map((l) => parseOrderNumber(l.ref)).filter((n): n is number => n !== null);
  const refs = lines.map((l) => l.ref);
  return tx.$queryRaw<Candidate[]>`
    SELECT o.id, o.number, o."consignmentId", o."trackingNumber",
      ${COLLECTED_SQL}::int AS collected, ${CHARGES_SQL}::int AS charges,
      (${COLLECTED_WHERE}) AS delivered, p.reference AS payout, o."codCollectedPaisa" IS NULL AS "noCollected",
      (o."deliveryChargePaisa" IS NULL AND o."codFeePaisa" IS NULL) AS "noCharges"
    FROM "Order" o
    LEFT JOIN "CourierPayoutItem" i ON i."orderId" = o.id
    LEFT JOIN "CourierPayout" p ON p.id = i."payoutId"
    WHERE o.courier = ${courier}
      AND (o.number = ANY(${numbers}::int[]) OR o."consignmentId" = ANY(${refs}::text[]) OR o."trackingNumber" = ANY(${refs}::text[]))
    ORDER BY o.id
    FOR UPDATE OF o`;
}

function matchLine(line: PayoutLine, found: Candidate[]): Candidate | undefined {
  const number = parseOrderNumber(line.ref);
  return found.find((c) => (number !== null && c.number === number) || c.consignmentId === line.ref || c.trackingNumber === line.ref);
}

const listed = (refs: string[]) => refs.slice(0, 20).join(", ") + (refs.length > 20 ? ` and ${refs.length - 20} more` : "");

/** The duplicate a unique index refused, as the admin should read it. */
function alreadyRecorded(error: unknown, input: PayoutInput): ServiceError | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return null;
  const target = String((error.meta as { target?: unknown } | undefined)?.target ?? "");
  if (target.includes("orderId")) return new ServiceError(409, "An order in this payout was paid out meanwhile; nothing was recorded");
  return new ServiceError(409, `Payout ${input.reference} from this courier is already recorded`, { reference: ["Already recorded"] });
}

/**
 * Records a payout the admin entered (form, pasted CSV or the API), all or nothing: every line must
 * name one of this courier's delivered orders with cash, none already paid out. Returns its id.
 */
export async function recordPayout(input: PayoutInput, actor: Viewer, source: "form" | "csv" = "form"): Promise<number> {
  requirePermission(actor, "record:payout:any");
  return insertPayout(input, actor?.id ?? null, source);
}

/**
 * `recordPayout` without an actor, for the courier payout poll (a job, not a door: decision 097):
 * only orders' own modules call it; it is not on the domain's face.
 */
export async function insertPayout(input: PayoutInput, createdById: number | null, source: "form" | "csv" | "courier"): Promise<number> {
  try {
    return await prisma.$transaction(
      async (tx) => {
        const found = await candidates(tx, input.courier, input.orders);
        const matched = input.orders.map((line) => ({ line, order: matchLine(line, found) }));
        const unknown = matched.filter((m) => !m.order).map((m) => m.line.ref);
        if (unknown.length) throw new ServiceError(400, `Not orders sent with this courier: ${listed(unknown)}`, { orders: [`Unknown: ${listed(unknown)}`] });
        const seen = new Set<string>();
        const twice = matched.filter((m) => seen.size === seen.add(m.order!.id).size).map((m) => m.line.ref);
        if (twice.length) throw new ServiceError(400, `Listed twice: ${listed(twice)}`, { orders: [`Listed twice: ${listed(twice)}`] });
        const undelivered = matched.filter((m) => !m.order!.delivered).map((m) => formatOrderNumber(m.order!.number));
        if (undelivered.length)
          throw new ServiceError(400, `No cash collected yet for: ${listed(undelivered)}`, { orders: [`Not delivered with cash: ${listed(undelivered)}`] });
        const paid = matched.filter((m) => m.order!.payout).map((m) => `${formatOrderNumber(m.order!.number)} (payout ${m.order!.payout})`);
        if (paid.length) throw new ServiceError(409, `Already paid out: ${listed(paid)}`, { orders: [`Already paid out: ${listed(paid)}`] });
        const payout = await tx.courierPayout.create({
          data: {
            courier: input.courier,
            reference: input.reference,
            paidAt: input.paidAt,
            amountPaisa: input.amount,
            source,
            note: input.note || null,
            createdById,
          },
        });
        const figures = await fillFromCourier(tx, matched);
        await tx.courierPayoutItem.createMany({
          data: figures.map(({ line, order, collected, charges }) => ({
            payoutId: payout.id,
            orderId: order.id,
            collectedPaisa: collected,
            chargePaisa: charges,
            expectedPaisa: collected - charges,
            paidPaisa: line.paidPaisa,
          })),
        });
        return payout.id;
      },
      { maxWait: 15_000, timeout: 30_000 },
    );
  } catch (error) {
    throw alreadyRecorded(error, input) ?? error;
  }
}

/**
 * Each order's collected cash and charges for its payout item. Where the courier's payment gives its own
 * figures and the order has none yet (a parcel delivered by a status poll carries no amounts), the order
 * takes them, in the payout's transaction, so the order page and the payout agree.
 */
async function fillFromCourier(tx: Tx, matched: { line: PayoutLine; order?: Candidate }[]) {
  const figures = [];
  for (const { line, order } of matched) {
    const collected = order!.noCollected && line.collectedPaisa != null ? line.collectedPaisa : null;
    const given = line.deliveryChargePaisa != null || line.codFeePaisa != null;
    const charges = order!.noCharges && given ? { deliveryChargePaisa: line.deliveryChargePaisa ?? 0, codFeePaisa: line.codFeePaisa ?? 0 } : null;
    if (collected !== null || charges !== null) {
      await tx.order.update({ where: { id: order!.id }, data: { ...(collected !== null ? { codCollectedPaisa: collected } : {}), ...charges } });
    }
    figures.push({
      line,
      order: order!,
      collected: collected ?? order!.collected,
      charges: charges ? charges.deliveryChargePaisa + charges.codFeePaisa : order!.charges,
    });
  }
  return figures;
}

export type PayoutNotice = { courier: string; reference: string; consignmentId: string | null; invoice: string | null; at: Date };

/**
 * A courier's own word that it paid an order out (Pathao's order.paid, with its payout invoice):
 * the order joins that payout, whose amount is what its orders are owed. A replay, or an order
 * already paid out, changes nothing. "unknown" when no delivered order of that courier matches.
 */
export async function recordPayoutNotice(notice: PayoutNotice): Promise<"applied" | "duplicate" | "unknown"> {
  return prisma.$transaction(async (tx) => {
    const lines = [notice.consignmentId, notice.invoice].filter((r): r is string => !!r).map((ref) => ({ ref, paidPaisa: null }));
    const order = (await candidates(tx, notice.courier, lines)).find((c) => c.delivered || c.payout);
    if (!order) return "unknown";
    if (order.payout) return "duplicate";
    // Several orders of one payout arrive as several webhooks, maybe at once: one row, made by the first.
    await tx.$executeRaw`INSERT INTO "CourierPayout" (courier, reference, "paidAt", "amountPaisa", source)
      VALUES (${notice.courier}, ${notice.reference}, ${notice.at}, 0, 'webhook') ON CONFLICT (courier, reference) DO NOTHING`;
    const [payout] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM "CourierPayout" WHERE courier = ${notice.courier} AND reference = ${notice.reference} FOR UPDATE`;
    const expected = order.collected - order.charges;
    const { count } = await tx.courierPayoutItem.createMany({
      data: [{ payoutId: payout!.id, orderId: order.id, collectedPaisa: order.collected, chargePaisa: order.charges, expectedPaisa: expected }],
      skipDuplicates: true,
    });
    if (count === 0) return "duplicate";
    await tx.courierPayout.update({ where: { id: payout!.id }, data: { amountPaisa: { increment: Math.max(0, expected) } } });
    return "applied";
  });
}

export type PayoutSummary = {
  id: number;
  courier: string;
  reference: string;
  paidAt: string;
  source: string;
  orders: number;
  /** Taka. */
  amount: number;
  collected: number;
  charges: number;
  expected: number;
  /** amount − expected: what the courier paid beyond (or short of) what the orders are owed. */
  difference: number;
};

type SummaryRow = Omit<PayoutSummary, "paidAt" | "amount" | "collected" | "charges" | "expected" | "difference" | "orders"> & {
  paidAt: Date;
  orders: number;
  amountPaisa: number;
  collected: number;
  charges: number;
  expected: number;
};

const toTaka = (paisa: number) => paisa / 100;

function summary(row: SummaryRow): PayoutSummary {
  return {
    id: row.id,
    courier: row.courier,
    reference: row.reference,
    paidAt: row.paidAt.toISOString(),
    source: row.source,
    orders: Number(row.orders),
    amount: toTaka(row.amountPaisa),
    collected: toTaka(Number(row.collected)),
    charges: toTaka(Number(row.charges)),
    expected: toTaka(Number(row.expected)),
    difference: toTaka(row.amountPaisa - Number(row.expected)),
  };
}

const summarySql = (where: Prisma.Sql, limit: number) => Prisma.sql`
  SELECT p.id, p.courier, p.reference, p."paidAt", p.source, p."amountPaisa",
    COUNT(i.id)::int AS orders, COALESCE(SUM(i."collectedPaisa"), 0)::int AS collected,
    COALESCE(SUM(i."chargePaisa"), 0)::int AS charges, COALESCE(SUM(i."expectedPaisa"), 0)::int AS expected
  FROM "CourierPayout" p LEFT JOIN "CourierPayoutItem" i ON i."payoutId" = p.id
  WHERE ${where}
  GROUP BY p.id ORDER BY p."paidAt" DESC, p.id DESC LIMIT ${limit}`;

/** The payouts, newest first (optionally one courier's). */
export async function listPayouts({ courier, limit = 200 }: { courier?: string; limit?: number } = {}): Promise<PayoutSummary[]> {
  const where = courier ? Prisma.sql`p.courier = ${courier}` : Prisma.sql`TRUE`;
  return (await prisma.$queryRaw<SummaryRow[]>(summarySql(where, limit))).map(summary);
}

export type PayoutDetail = PayoutSummary & {
  note: string | null;
  items: { orderId: string; orderNumber: string; collected: number; charges: number; expected: number; paid: number | null; difference: number | null }[];
};

/** One payout and the orders it paid; 404 when there is none. */
export async function getPayout(id: number): Promise<PayoutDetail> {
  const [row] = await prisma.$queryRaw<SummaryRow[]>(summarySql(Prisma.sql`p.id = ${id}`, 1));
  if (!row) throw notFound("Payout");
  const payout = await prisma.courierPayout.findUniqueOrThrow({
    where: { id },
    select: {
      note: true,
      items: {
        orderBy: { id: "asc" },
        select: { orderId: true, order: { select: { number: true } }, collectedPaisa: true, chargePaisa: true, expectedPaisa: true, paidPaisa: true },
      },
    },
  });
  return {
    ...summary(row),
    note: payout.note,
    items: payout.items.map((i) => ({
      orderId: i.orderId,
      orderNumber: formatOrderNumber(i.order.number),
      collected: toTaka(i.collectedPaisa),
      charges: toTaka(i.chargePaisa),
      expected: toTaka(i.expectedPaisa),
      paid: i.paidPaisa === null ? null : toTaka(i.paidPaisa),
      difference: i.paidPaisa === null ? null : toTaka(i.paidPaisa - i.expectedPaisa),
    })),
  };
}
