import { formatNumber } from "./number-format";

/** "৳1,299.50" from a taka amount (the API's money numbers). */
export function formatTaka(taka: number): string {
  return `৳${formatNumber(taka, { minFraction: 2, maxFraction: 2 })}`;
}

/** A taka amount from input to paisa, or null when it has more than 2 decimals. */
export function toPaisa(taka: number): number | null {
  const paisa = Math.round(taka * 100);
  return Math.abs(taka * 100 - paisa) < 1e-6 ? paisa : null;
}

/**
 * Cash a rider can collect for an order (issue 41 item 3): its exact total rounded to whole taka,
 * half up, since the smallest coin in use is ৳1. A paid order collects nothing. The order keeps its
 * exact total; the difference is shown as its own "rounding" line.
 */
export function cashToCollectPaisa(totalPaisa: number, isPaid = false): number {
  if (isPaid) return 0;
  return Math.floor((totalPaisa + 50) / 100) * 100;
}

/** What rounding to whole taka adds to (or takes off) the exact total, in paisa. */
export function cashRoundingPaisa(totalPaisa: number): number {
  return cashToCollectPaisa(totalPaisa) - totalPaisa;
}
