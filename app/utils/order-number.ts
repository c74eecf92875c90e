/** The short order number a shopper quotes on the phone: 10042 → "TB-10042". */
export function formatOrderNumber(number: number): string {
  return `TB-${number}`;
}

/**
 * The order number someone typed ("TB-10042", "tb 10042" or "10042"), or null
 * when the text is not one. At most nine digits, so it always fits the Int column.
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^(?:TB[-\s]?)?(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}
