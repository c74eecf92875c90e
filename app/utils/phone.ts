import { toLatinDigits } from "./digits";

// Bangladeshi mobile numbers: 01 then an operator digit 3–9, then 8 digits
// (01711223344). Shoppers type them with +880 or 880 in front, with spaces,
// dashes, dots or brackets, and in Bangla digits; couriers need the 11-digit
// form, so that is what is stored and compared.

export const BD_MOBILE_MESSAGE = "Enter a Bangladeshi mobile number, like 01711 223344";

/** The 11-digit `01XXXXXXXXX` form, or null when the input cannot be a Bangladeshi mobile number. */
export function normalizeBdMobile(input: string): string | null {
  const compact = toLatinDigits(input)
    .trim()
    .replace(/[\s\-.()]/g, "");
  const local = compact.replace(/^(?:\+?880|00880)(?=1)/, "0");
  return /^01[3-9]\d{8}$/.test(local) ? local : null;
}
