import { shopDateTime, shopDay } from "./shop-time";

// English dates as people write them, "27 Nov 2026" (issue 41 item 5), on the
// shop's Dhaka day like the Bangla ones. Month names are fixed here, not asked
// of Intl: en-GB now writes "Sept", and the server's and browser's ICU may
// differ, which would show as a hydration mismatch.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A calendar date "YYYY-MM-DD" is that day; an instant is its Dhaka day. */
function dayOf(value: string | Date): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const at = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(at.getTime()) ? "" : shopDay(at);
}

/** "27 Nov 2026": the date on every English screen and e-mail. */
export function shortDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const day = dayOf(value);
  if (!day) return "";
  const [year, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
}

/** The spec's review date: the first 10 characters of the timestamp (YYYY-MM-DD). */
export function tenCharacterDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  return (typeof value === "string" ? value : value.toISOString()).slice(0, 10);
}

/** "27 Nov 2026, 00:30": a Dhaka date and time, for a screen that says when to the minute. */
export function shortDateTime(at: Date): string {
  return `${shortDate(at)}, ${shopDateTime(at).slice(11, 16)}`;
}
