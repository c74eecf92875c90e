import { toLatinDigits } from "~/utils/digits";

/**
 * JSON clients send numbers or numeric strings (ProShop-style forms post
 * strings), and `""`/`null` for "not given"; all mean the same thing here.
 * Shoppers on a Bangla keyboard type Bangla digits ("৩"), read as Latin ones.
 * Anything else is left alone for zod to reject with a field message.
 */
export function numberish(value: unknown) {
  if (value === "" || value === null) return undefined;
  if (typeof value === "string") {
    const latin = toLatinDigits(value);
    if (/^\s*-?\d+(\.\d+)?\s*$/.test(latin)) return Number(latin);
  }
  return value;
}

/** Ids are PostgreSQL `integer` columns; a larger one can only be unknown (and must not reach the database). */
export const MAX_ID = 2_147_483_647;
