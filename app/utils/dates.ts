/** The spec shows dates as their first 10 characters (YYYY-MM-DD). */
export function shortDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  return (typeof value === "string" ? value : value.toISOString()).slice(0, 10);
}
