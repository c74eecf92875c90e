// Numbers, plural forms and Dhaka dates written out by hand, without Intl.
//
// Why not Intl: the first Intl object a page makes initialises ICU in the
// browser, 18–38 ms of one task on this machine's Chromium and four times that
// on a phone at Lighthouse's 4× slowdown. The shop made one as the shell
// script was evaluated (the money formatter) and another as the translator was
// built, each a long task before the first tap (issue 42, decision 113). What
// the shop prints is small: en-US and bn-BD numbers with 0–2 decimals, the
// two languages' plural forms and a date in Dhaka, which has had no daylight
// saving since 2009. number-format.test.ts holds every function here to the
// Intl output it replaces, over many values.

import { shopDateTime, shopDay } from "./shop-time";

const BANGLA_DIGITS = "০১২৩৪৫৬৭৮৯";

/** Latin digits as Bangla ones; anything else (",", ".", "-") stays. */
export function banglaDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)]!);
}

/** "1234567" as "1,234,567" (western) or "12,34,567" (the lakh grouping of bn-BD). */
function group(digits: string, lakh: boolean): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const size = lakh ? 2 : 3;
  const parts: string[] = [];
  for (let end = rest.length; end > 0; end -= size) parts.unshift(rest.slice(Math.max(0, end - size), end));
  return `${parts.join(",")},${last3}`;
}

export type NumberStyle = {
  /** Fraction digits always written (trailing zeros kept). */
  minFraction: number;
  /** Fraction digits at most; the rest is rounded half away from zero, as Intl does. */
  maxFraction: number;
  /** bn-BD: Bangla digits and the lakh grouping. */
  bangla?: boolean;
};

/**
 * A number as Intl.NumberFormat("en-US" | "bn-BD", {minimumFractionDigits,
 * maximumFractionDigits}) writes it. Rounds the shortest decimal form of the
 * number (1.005 → 1.01), not its binary value, as ICU does.
 */
export function formatNumber(n: number, style: NumberStyle): string {
  if (Number.isNaN(n)) return "NaN";
  const negative = n < 0 || Object.is(n, -0);
  if (!Number.isFinite(n)) return `${negative ? "-" : ""}∞`;
  const scale = 10 ** style.maxFraction;
  // toPrecision(15) drops the binary noise of the scaled value (1.005 * 100 = 100.49999999999999).
  const units = Math.round(Number((Math.abs(n) * scale).toPrecision(15)));
  const whole = Math.floor(units / scale);
  let fraction = style.maxFraction ? String(units % scale).padStart(style.maxFraction, "0") : "";
  while (fraction.length > style.minFraction && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const text = `${negative ? "-" : ""}${group(String(whole), Boolean(style.bangla))}${fraction ? `.${fraction}` : ""}`;
  return style.bangla ? banglaDigits(text) : text;
}

/** The CLDR plural category of a count: English "one" is exactly 1; Bangla "one" is 0 to 1 (i = 0 or n = 1). */
export function pluralCategory(lang: "en" | "bn", n: number): "one" | "other" {
  const a = Math.abs(n); // the rules read the number without its sign
  if (lang === "bn") return a <= 1 ? "one" : "other";
  return a === 1 ? "one" : "other";
}

const BANGLA_MONTHS = ["জানুয়ারি", "ফেব্রুয়ারি", "মার্চ", "এপ্রিল", "মে", "জুন", "জুলাই", "আগস্ট", "সেপ্টেম্বর", "অক্টোবর", "নভেম্বর", "ডিসেম্বর"];

/** "৬ নভেম্বর, ২০২৬": Intl.DateTimeFormat("bn-BD", {day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Dhaka"}). */
export function banglaLongDate(date: Date): string {
  const [year, month, day] = shopDay(date).split("-").map(Number);
  return banglaDigits(`${day} ${BANGLA_MONTHS[month! - 1]}, ${year}`);
}

/** "18:05" in Dhaka, 24-hour (en-GB's and bn-BD's hourCycle h23 clocks), in Bangla digits for "bn". */
export function dhakaClock(date: Date, lang: "en" | "bn"): string {
  const text = shopDateTime(date).slice(11, 16);
  return lang === "bn" ? banglaDigits(text) : text;
}
