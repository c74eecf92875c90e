import { prisma } from "~/models/platform/index.server";

import type { PhoneRecordSource } from "./types";

// A courier's record of a phone (Steadfast's fraud check, issue 37), kept a day in
// "CourierPhoneCheck" with the courier it came from. Checkout never waits for a courier: it reads
// what is kept and, when that is missing or old, asks for a fresh one in the background. The couriers
// are shipping's, a domain above this one, so shipping registers the source at start-up
// (app/domain-links.server.ts); with none registered no courier is asked, as with none switched on.

const DAY_MS = 24 * 60 * 60_000;
/** An admin page waits this long for a courier, then shows what is kept (or nothing). */
export const COURIER_WAIT_MS = 3_000;

/** Phones being asked about right now on this instance: one question per phone at a time. */
const asking = new Map<string, Promise<boolean>>();

let source: PhoneRecordSource | null = null;

/** Where a phone's record comes from (shipping: the first switched-on courier that can tell one); null: nowhere. */
export function registerPhoneRecordSource(next: PhoneRecordSource | null): void {
  source = next;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Asks the courier and keeps the answer; false when there is no courier to ask or it did not answer. */
async function ask(phone: string, waitMs: number): Promise<boolean> {
  const from = source;
  if (!from) return false;
  try {
    const found = await withTimeout(from(phone), waitMs);
    if (!found) return false;
    const data = { source: found.source, parcels: found.parcels, delivered: found.delivered, cancelled: found.cancelled, checkedAt: new Date() };
    await prisma.courierPhoneCheck.upsert({ where: { phone }, create: { phone, ...data }, update: data });
    return true;
  } catch (error) {
    // A courier outage costs the admin a fresh number, never an order: the kept one stays.
    console.warn(`courier record for a phone: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

function askOnce(phone: string, waitMs: number): Promise<boolean> {
  const running = asking.get(phone);
  if (running) return running;
  const work = ask(phone, waitMs).finally(() => asking.delete(phone));
  asking.set(phone, work);
  return work;
}

const isFresh = (checkedAt: Date | null | undefined, now: Date) => !!checkedAt && now.getTime() - checkedAt.getTime() < DAY_MS;

/** For checkout: when the kept record is missing or a day old, a fresh one is asked for without waiting. */
export function refreshInBackground(phone: string, checkedAt: Date | string | null | undefined, now = new Date()): void {
  if (isFresh(checkedAt ? new Date(checkedAt) : null, now)) return;
  void askOnce(phone, 20_000);
}

/** For admin views: a fresh record if the kept one is a day old, waiting at most COURIER_WAIT_MS. */
export async function refreshForAdmin(phone: string, checkedAt: string | null | undefined, now = new Date()): Promise<boolean> {
  if (isFresh(checkedAt ? new Date(checkedAt) : null, now)) return false;
  return askOnce(phone, COURIER_WAIT_MS);
}

/** Waits for this instance's background questions (tests). */
export async function settleCourierQuestions(): Promise<void> {
  await Promise.all([...asking.values()]);
}
