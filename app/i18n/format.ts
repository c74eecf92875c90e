import { formatTaka } from "~/utils/money";
import { shortDate } from "~/utils/dates";
import { banglaLongDate, formatNumber } from "~/utils/number-format";

import type { Lang } from "./languages";

// Numbers, money and dates as a reader of each language expects them. English
// keeps the spec's money (৳1,299.50) and writes dates as people do, "27 Nov
// 2026" (issue 41 item 5); Bangla uses Bangla digits with the lakh grouping
// Bangladeshi shops print (৳১,২৯৯.৫০) and Bangla month names. Order numbers and
// phone numbers are not formatted here: they stay in Latin digits everywhere,
// because couriers and shoppers quote them.

// Written without Intl: the first Intl object a page makes costs a long task (decision 113).
const BN_MONEY = { minFraction: 2, maxFraction: 2, bangla: true };
const BN_INTEGER = { minFraction: 0, maxFraction: 0, bangla: true };
const BN_DECIMAL = { minFraction: 0, maxFraction: 1, bangla: true };

export type Formatters = {
  lang: Lang;
  /** A taka amount with the taka sign. */
  money: (taka: number) => string;
  /** A count or quantity. */
  integer: (n: number) => string;
  /** A rating or other one-decimal figure. */
  decimal: (n: number) => string;
  /** A date on the shop's Dhaka day: "25 Nov 2026" in English, "২৫ নভেম্বর, ২০২৬" in Bangla. */
  date: (value: string | Date | null | undefined) => string;
};

const english: Formatters = {
  lang: "en",
  money: formatTaka,
  integer: (n) => String(n),
  decimal: (n) => String(n),
  date: shortDate,
};

const bangla: Formatters = {
  lang: "bn",
  money: (taka) => `৳${formatNumber(taka, BN_MONEY)}`,
  integer: (n) => formatNumber(n, BN_INTEGER),
  decimal: (n) => formatNumber(n, BN_DECIMAL),
  date: (value) => (value ? banglaLongDate(typeof value === "string" ? new Date(value) : value) : ""),
};

export function formattersFor(lang: Lang): Formatters {
  return lang === "bn" ? bangla : english;
}
