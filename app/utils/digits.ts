// Bangla digits (০–৯, U+09E6–U+09EF) as typed on a Bangla keyboard, read as
// the Latin digits the server stores and compares.
const BANGLA_ZERO = 0x09e6;

/** Every Bangla digit replaced by its Latin digit; anything else is left as it is. */
export function toLatinDigits(input: string): string {
  return input.replace(/[\u09e6-\u09ef]/g, (d) => String(d.charCodeAt(0) - BANGLA_ZERO));
}
