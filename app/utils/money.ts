const formatter = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "৳1,299.50" from a taka amount (the API's money numbers). */
export function formatTaka(taka: number): string {
  return `৳${formatter.format(taka)}`;
}

/** A taka amount from input to paisa, or null when it has more than 2 decimals. */
export function toPaisa(taka: number): number | null {
  const paisa = Math.round(taka * 100);
  return Math.abs(taka * 100 - paisa) < 1e-6 ? paisa : null;
}
