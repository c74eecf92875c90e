import { formatTaka } from "~/utils/money";
import { shortDate } from "~/utils/dates";

import type { Lang } from "./languages";

// Numbers, money and dates as a reader of each language expects them. English
// keeps the spec's money (৳1,299.50) and writes dates as people do, "27 Nov
// 2026" (issue 41 item 5); Bangla uses Bangla digits with the lakh grouping
// Bangladeshi shops print (৳১,২৯৯.৫০) and Bangla month names. Order numbers and
// phone numbers are not formatted here: they stay in Latin digits everywhere,
// because couriers and shoppers quote them.

// Made on first use: building a bn-BD formatter loads its locale data, which an
// English page never needs and a Bangla one should not pay for while it boots.
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
const bnMoney = once(() => new Intl.NumberFormat("bn-BD", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const bnInteger = once(() => new Intl.NumberFormat("bn-BD", { maximumFractionDigits: 0 }));
const bnDecimal = once(() => new Intl.NumberFormat("bn-BD", { maximumFractionDigits: 1 }));
const bnDate = once(() => new Intl.DateTimeFormat("bn-BD", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Dhaka" }));

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
  money: (taka) => `৳${bnMoney().format(taka)}`,
  integer: (n) => bnInteger().format(n),
  decimal: (n) => bnDecimal().format(n),
  date: (value) => (value ? bnDate().format(typeof value === "string" ? new Date(value) : value) : ""),
};

export function formattersFor(lang: Lang): Formatters {
  return lang === "bn" ? bangla : english;
}
