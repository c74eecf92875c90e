/** The short order number a shopper quotes on the phone: 10042 → "TB-10042". */
export function formatOrderNumber(number: number): string {
  return `TB-${number}`;
}
