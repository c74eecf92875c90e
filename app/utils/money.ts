const formatter = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "৳1,299.50" from a taka amount (the API's money numbers). */
export function formatTaka(taka: number): string {
  return `৳${formatter.format(taka)}`;
}
