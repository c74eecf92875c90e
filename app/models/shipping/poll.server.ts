import { applyCourierUpdate, markPolled, parcelsToPoll } from "~/models/orders/index.server";
import { COURIER_NAMES, type CourierName } from "~/models/orders/types";

import { courierProvider } from "./registry.server";

/*
 * The courier poll (issue 36 item 3; decision 094): asks each configured
 * courier for the status of the parcels still on the road and feeds each
 * answer through applyCourierUpdate, exactly as a webhook does. It catches
 * the webhooks a courier failed to send. Safe to repeat and to run on
 * several instances at once: a status heard twice is one event (the poll's
 * event key is the parcel and the status), and an order never moves back.
 * Bounded: one request at a time, at most COURIER_POLL_BATCH parcels a run,
 * the least recently polled first; a courier that is down is asked nothing
 * more this run, its parcels stay as they are, and the run fails, so the
 * queue tries again with backoff.
 */

export const COURIER_POLL_TASK = "courier-poll";

/** Minutes between polls (COURIER_POLL_MINUTES, default 10); 0 switches the poll off. */
export function pollMinutes(): number {
  const raw = process.env.COURIER_POLL_MINUTES;
  const n = raw === undefined || raw === "" ? 10 : Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), 1440) : 10;
}

const pollBatch = () => Math.max(1, Number(process.env.COURIER_POLL_BATCH) || 200);

export type PollResult = { asked: number; applied: number; unchanged: number; unknown: number; down: CourierName[] };

/** The couriers worth asking: configured here (their secrets set) and able to read a parcel's status. */
const pollable = () => COURIER_NAMES.filter((name) => name !== "manual" && courierProvider(name).configured() && !!courierProvider(name).status);

/** One poll over the parcels still on the road. */
export async function pollCouriers(): Promise<PollResult> {
  const parcels = await parcelsToPoll(pollable(), pollBatch());
  const result: PollResult = { asked: 0, applied: 0, unchanged: 0, unknown: 0, down: [] };
  const polled: string[] = [];
  for (const parcel of parcels) {
    if (result.down.includes(parcel.courier)) continue;
    let update;
    try {
      result.asked += 1;
      update = await courierProvider(parcel.courier).status!(parcel.consignmentId);
    } catch (error) {
      // Down (no answer, 5xx, 429) or answering nonsense: the parcel keeps its state, the next run asks again.
      result.down.push(parcel.courier);
      console.warn(`courier poll: ${parcel.courier} did not answer (${error instanceof Error ? error.message : String(error)}); trying again later`);
      continue;
    }
    polled.push(parcel.orderId);
    // The courier does not know the parcel, or said a word the shop does not map: nothing to apply.
    if (!update) {
      result.unknown += 1;
      continue;
    }
    const { result: applied } = await applyCourierUpdate(update);
    if (applied === "applied") result.applied += 1;
    else result.unchanged += 1;
  }
  await markPolled(polled);
  return result;
}
