import { getSettings } from "~/models/platform/index.server";
import type { COURIER_NAMES as FORM_COURIERS } from "~/schemas/booking";
import { COURIER_NAMES, type CourierName } from "~/models/orders/types";

import { manual } from "./providers/manual.server";
import { pathao } from "./providers/pathao.server";
import { redx } from "./providers/redx.server";
import { steadfast } from "./providers/steadfast.server";
import type { CourierPhoneRecord, CourierProvider } from "./types";

// Which couriers exist, which are on, and which is the default (re-exported by index.server.ts).

// The forms' list (schemas/booking.ts) and this one must name the same couriers: a compile error otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listsMatch: Same<(typeof FORM_COURIERS)[number], CourierName> = true;
void listsMatch;

const PROVIDERS: Record<CourierName, CourierProvider> = { manual, steadfast, pathao, redx };

export const isCourierName = (value: string): value is CourierName => (COURIER_NAMES as readonly string[]).includes(value);

export function courierProvider(name: CourierName): CourierProvider {
  return PROVIDERS[name];
}

/** The couriers an admin may book with now: manual, then each one switched on whose secrets are set. */
export async function enabledCouriers(): Promise<CourierName[]> {
  const { couriersOn } = await getSettings();
  return ["manual", ...COURIER_NAMES.filter((n) => n !== "manual" && couriersOn.includes(n) && PROVIDERS[n].configured())];
}

/** A phone's record at the first switched-on courier that can tell one (customers' record source); null when none can. */
export async function courierPhoneRecord(phone: string): Promise<CourierPhoneRecord | null> {
  const asked = (await enabledCouriers()).map((name) => PROVIDERS[name]).find((provider) => provider.phoneRecord);
  return asked?.phoneRecord ? asked.phoneRecord(phone) : null;
}

/** The courier the "Book" button uses: the admin's choice while it is on, else manual. */
export async function defaultCourier(): Promise<CourierName> {
  const [{ defaultCourier: chosen }, on] = await Promise.all([getSettings(), enabledCouriers()]);
  return on.includes(chosen) ? chosen : "manual";
}

/** Where the buyer follows a parcel; "" for manual or an unknown courier. */
export function trackingUrlFor(courier: string | null, trackingCode: string | null): string {
  if (!courier || !trackingCode || !isCourierName(courier)) return "";
  return PROVIDERS[courier].trackingUrl(trackingCode);
}

/** Every courier and whether its secrets are set, for the admin settings. */
export const courierSetup = () => COURIER_NAMES.map((name) => ({ name, configured: PROVIDERS[name].configured() }));

/** The couriers the "Book" buttons offer, the default first; empty when only manual is on. */
export async function bookableCouriers(): Promise<CourierName[]> {
  const [on, first] = await Promise.all([enabledCouriers(), defaultCourier()]);
  const api: CourierName[] = on.filter((n) => n !== "manual");
  return api.includes(first) ? [first, ...api.filter((n) => n !== first)] : api;
}
