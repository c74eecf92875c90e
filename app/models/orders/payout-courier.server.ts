import { prisma, ServiceError } from "~/models/platform/index.server";
import type { CourierPaymentLine } from "./types";
import type { PayoutLine } from "~/schemas/payout";
import { formatOrderNumber, parseOrderNumber } from "~/utils/order-number";

import { COLLECTED_WHERE, insertPayout } from "./payouts.server";

// A payout the courier's own API reported (Steadfast's /payments; issue 36 item 5, decision 106),
// recorded through recordPayout, as an uploaded statement is: the same rows, the same once-only
// indexes. The courier's payment id is the payout's reference, so a payout read twice is one.
// Unlike an admin's statement, a payment is not refused whole for one parcel the shop cannot pay
// out: such parcels are left out, named in the payout's note and in the result, and the rest is recorded.

/** One parcel of the payment, as the shipping domain reads it from the courier. */
export type CourierPaymentParcel = CourierPaymentLine;

export type CourierPaymentRecord = { courier: string; reference: string; amountPaisa: number; paidAt: Date; lines: CourierPaymentParcel[] };

/** Why a parcel of the payment was left out. */
export type LeftOut = { consignmentId: string; why: "unknown" | "not delivered" | "already paid out" };

export type CourierPaymentOutcome =
  { result: "recorded"; payoutId: number; orders: number; leftOut: LeftOut[] } | { result: "duplicate" } | { result: "nothing to record"; leftOut: LeftOut[] };

/** Which of these payment references of the courier are already recorded (by any source). */
export async function recordedPayouts(courier: string, references: string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await prisma.courierPayout.findMany({ where: { courier, reference: { in: references } }, select: { reference: true } });
  return new Set(rows.map((r) => r.reference));
}

type Found = { id: string; number: number; consignmentId: string | null; trackingNumber: string | null; delivered: boolean; paid: boolean };

/** The courier's orders the parcels name, by consignment id, tracking code or invoice (our order number). */
function ordersNamed(courier: string, lines: CourierPaymentParcel[]): Promise<Found[]> {
  const ids = lines.map((l) => l.consignmentId);
  const codes = lines.map((l) => l.trackingCode).filter((c): c is string => !!c);
  const numbers = lines.map((l) => invoiceNumber(l.invoice)).filter((n): n is number => n !== null);
  return prisma.$queryRaw<Found[]>`
    SELECT o.id, o.number, o."consignmentId", o."trackingNumber", (${COLLECTED_WHERE}) AS delivered,
      EXISTS (SELECT 1 FROM "CourierPayoutItem" i WHERE i."orderId" = o.id) AS paid
    FROM "Order" o
    WHERE o.courier = ${courier}
      AND (o."consignmentId" = ANY(${ids}::text[]) OR o."trackingNumber" = ANY(${codes}::text[]) OR o.number = ANY(${numbers}::int[]))`;
}

/** Our order number from the courier's invoice; only "TB-…" counts, so a bare number is never taken for one. */
const invoiceNumber = (invoice: string | null) => (invoice && /^TB/i.test(invoice.trim()) ? parseOrderNumber(invoice) : null);

function orderFor(line: CourierPaymentParcel, found: Found[]): Found | undefined {
  const number = invoiceNumber(line.invoice);
  return (
    found.find((o) => o.consignmentId === line.consignmentId) ??
    found.find((o) => !!line.trackingCode && o.trackingNumber === line.trackingCode) ??
    found.find((o) => number !== null && o.number === number)
  );
}

const NOTE_LIMIT = 500;

function noteFor(courierLabel: string, leftOut: LeftOut[]): string {
  const base = `Read from ${courierLabel}'s payments.`;
  if (leftOut.length === 0) return base;
  const named = leftOut.map((l) => `${l.consignmentId} (${l.why})`).join(", ");
  const note = `${base} Not recorded here: ${named}.`;
  return note.length <= NOTE_LIMIT ? note : `${note.slice(0, NOTE_LIMIT - 1)}…`;
}

/**
 * Records one courier payment once: its parcels that are this shop's delivered orders not yet paid out
 * become one payout, with the courier's amount; the others are left out and named. "duplicate" when the
 * payment is already recorded (a second poll, or another instance that got there first).
 */
export async function recordCourierPayment(payment: CourierPaymentRecord, courierLabel: string): Promise<CourierPaymentOutcome> {
  if ((await recordedPayouts(payment.courier, [payment.reference])).size) return { result: "duplicate" };
  const found = await ordersNamed(payment.courier, payment.lines);
  const leftOut: LeftOut[] = [];
  const lines: PayoutLine[] = [];
  const taken = new Set<string>();
  for (const line of payment.lines) {
    const order = orderFor(line, found);
    const why = !order ? "unknown" : order.paid || taken.has(order.id) ? "already paid out" : !order.delivered ? "not delivered" : null;
    if (why) {
      leftOut.push({ consignmentId: line.consignmentId, why });
      continue;
    }
    taken.add(order!.id);
    const charges = line.deliveryChargePaisa === null && line.codFeePaisa === null ? null : (line.deliveryChargePaisa ?? 0) + (line.codFeePaisa ?? 0);
    lines.push({
      ref: formatOrderNumber(order!.number),
      paidPaisa: line.codPaisa !== null && charges !== null ? line.codPaisa - charges : null,
      collectedPaisa: line.codPaisa,
      deliveryChargePaisa: line.deliveryChargePaisa,
      codFeePaisa: line.codFeePaisa,
    });
  }
  if (lines.length === 0) return { result: "nothing to record", leftOut };
  const input = {
    courier: payment.courier as Parameters<typeof insertPayout>[0]["courier"],
    reference: payment.reference,
    paidAt: payment.paidAt,
    amount: payment.amountPaisa,
    orders: lines,
    note: noteFor(courierLabel, leftOut),
  };
  try {
    const payoutId = await insertPayout(input, null, "courier");
    return { result: "recorded", payoutId, orders: lines.length, leftOut };
  } catch (error) {
    // Another instance recorded it between our check and our insert: the unique index kept it once.
    if (error instanceof ServiceError && error.status === 409 && (await recordedPayouts(payment.courier, [payment.reference])).size) {
      return { result: "duplicate" };
    }
    throw error;
  }
}
