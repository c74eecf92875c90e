import { recordCourierPayment, recordedPayouts, type LeftOut } from "~/models/orders/index.server";
import { requirePermission, withLongerRequestDeadline, type Actor } from "~/models/platform/index.server";
import { COURIER_LABELS } from "~/schemas/order-ops";
import { COURIER_NAMES, type CourierName } from "~/models/orders/types";

import { courierProvider } from "./registry.server";

/*
 * Courier payouts that come back by themselves (issue 36 item 5; decision 106). Every few hours,
 * and when an admin presses "Check payouts now", each configured courier that lists its payments
 * (Steadfast's GET /payments) is asked for them; each payment not yet recorded is read with its
 * consignments (GET /payments/{id}) and recorded by orders' recordCourierPayment, which goes
 * through the statement upload's recordPayout: one payout per payment id, each order paid out
 * once, whatever the number of polls or instances. A courier that does not answer is logged and
 * left for the next attempt; nothing is half-recorded (each payment is one transaction).
 */

export const PAYOUT_POLL_TASK = "courier-payout-poll";

/** Hours between checks (COURIER_PAYOUT_POLL_HOURS, default 6); 0 switches the scheduled check off. */
export function payoutPollHours(): number {
  const raw = process.env.COURIER_PAYOUT_POLL_HOURS;
  const n = raw === undefined || raw === "" ? 6 : Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), 24) : 6;
}

/** Payments read with their consignments per courier per check, newest first; older ones wait for the next. */
const payoutBatch = () => Math.max(1, Number(process.env.COURIER_PAYOUT_BATCH) || 20);

/** The couriers whose payouts can be read here: their secrets set and a payments API. */
export const payoutCouriers = (): CourierName[] =>
  COURIER_NAMES.filter((name) => name !== "manual" && !!courierProvider(name).payments && courierProvider(name).configured());

export type PayoutCheck = {
  /** Couriers asked. */
  couriers: CourierName[];
  recorded: { courier: CourierName; reference: string; payoutId: number; orders: number }[];
  /** Payments already recorded before this check (or by another instance during it). */
  known: number;
  /** Parcels of a payment that the shop could not pay out: unknown, not delivered here, or paid out already. */
  leftOut: (LeftOut & { courier: CourierName; reference: string })[];
  /** Couriers that did not answer (or answered nonsense), with why. */
  down: { courier: CourierName; message: string }[];
};

const why = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function checkCourier(courier: CourierName, result: PayoutCheck) {
  const payments = courierProvider(courier).payments!;
  const label = COURIER_LABELS[courier as keyof typeof COURIER_LABELS] ?? courier;
  const listed = (await payments.list()).filter((p) => p.settled);
  const recorded = await recordedPayouts(
    courier,
    listed.map((p) => p.reference),
  );
  result.known += recorded.size;
  for (const summary of listed.filter((p) => !recorded.has(p.reference)).slice(0, payoutBatch())) {
    const payment = await payments.get(summary.reference);
    if (!payment) continue;
    const outcome = await recordCourierPayment({ courier, ...payment }, label);
    if (outcome.result === "duplicate") result.known += 1;
    else {
      if (outcome.result === "recorded") result.recorded.push({ courier, reference: payment.reference, payoutId: outcome.payoutId, orders: outcome.orders });
      result.leftOut.push(...outcome.leftOut.map((l) => ({ ...l, courier, reference: payment.reference })));
    }
  }
}

/** One check of every courier's payouts; never throws for a courier's outage (it is in `down`). */
export async function pollPayouts(): Promise<PayoutCheck> {
  const result: PayoutCheck = { couriers: payoutCouriers(), recorded: [], known: 0, leftOut: [], down: [] };
  for (const courier of result.couriers) {
    try {
      await checkCourier(courier, result);
    } catch (error) {
      // Down, refusing (bad keys) or answering nonsense: what was recorded stays; the rest waits for the next check.
      result.down.push({ courier, message: why(error) });
      console.warn(`courier payouts: ${courier} could not be read (${why(error)}); trying again later`);
    }
  }
  for (const l of result.leftOut) {
    console.warn(`courier payouts: ${l.courier} payment ${l.reference} lists consignment ${l.consignmentId}, not recorded here (${l.why})`);
  }
  return result;
}

/**
 * The admin's "Check payouts now": the same check, under a longer request deadline (each courier call
 * may take 20 s). It records payouts, so it asks the map first (decision 097); the scheduled check is
 * a job, not a door, and calls `pollPayouts` itself.
 */
export async function checkPayoutsNow(actor: Actor): Promise<PayoutCheck> {
  requirePermission(actor, "record:payout:any");
  return withLongerRequestDeadline(120_000, pollPayouts);
}
