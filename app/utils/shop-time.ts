// The shop's days are Dhaka days (UTC+6, no daylight saving since 2009): an
// order at 01:00 in Dhaka belongs to that Dhaka date, not to yesterday in UTC.

export const SHOP_UTC_OFFSET_HOURS = 6;
const OFFSET_MS = SHOP_UTC_OFFSET_HOURS * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Dhaka date (YYYY-MM-DD) of an instant. */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Dhaka date (YYYY-MM-DD) begins. */
export function startOfShopDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The last `count` Dhaka dates up to and including the one of `now`, oldest first. */
export function lastShopDays(now: Date, count: number): string[] {
  const today = Date.parse(`${shopDay(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The Dhaka wall-clock time of an instant, "YYYY-MM-DD HH:MM:SS": what the
 * screens show, so an exported row matches the order page (and a spreadsheet
 * reads it as a date-time). Callers label it as Dhaka time.
 */
export function shopDateTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}
