import { describe, expect, it } from "vitest";

import { banglaLongDate, dhakaClock, formatNumber, pluralCategory } from "./number-format";

// Each hand-written format against the Intl object it replaces (node has full ICU), over values a
// shop prints and the awkward ones: half-way cases, noise of binary fractions, big and negative numbers.
const values = [
  0, -0, 1, 1.5, 2, 9.99, 10, 99.995, 100, 999.5, 1000, 1234.5, 1299.5, 12345, 99999.99, 100000, 123456.78, 1234567.891, 12345678, 987654321.12, -1, -1234.567,
  -0.004, 0.005, 1.005, 1.015, 2.675, 4.35, 0.05, 0.45, 1e15,
];
// Prices in paisa over the shop's range, and random amounts with up to 4 decimals.
for (let paisa = 0; paisa < 5_000_000; paisa += 4_999) values.push(paisa / 100);
let seed = 42;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2_000_000 - 100_000;
for (let i = 0; i < 2000; i++) values.push(Math.round(random() * 10_000) / 10_000);

const styles = [
  { locale: "en-US", min: 2, max: 2 },
  { locale: "bn-BD", min: 2, max: 2 },
  { locale: "bn-BD", min: 0, max: 0 },
  { locale: "bn-BD", min: 0, max: 1 },
];

describe("formatNumber", () => {
  for (const { locale, min, max } of styles) {
    it(`writes ${locale} with ${min}–${max} decimals as Intl does`, () => {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
      const bangla = locale === "bn-BD";
      const wrong = values.filter((v) => formatNumber(v, { minFraction: min, maxFraction: max, bangla }) !== intl.format(v));
      expect(wrong.map((v) => [v, formatNumber(v, { minFraction: min, maxFraction: max, bangla }), intl.format(v)])).toEqual([]);
    });
  }

  it("writes the lakh grouping and Bangla digits", () => {
    expect(formatNumber(1234567.5, { minFraction: 2, maxFraction: 2, bangla: true })).toBe("১২,৩৪,৫৬৭.৫০");
    expect(formatNumber(1234567.5, { minFraction: 2, maxFraction: 2 })).toBe("1,234,567.50");
  });
});

describe("pluralCategory", () => {
  it("picks the form Intl.PluralRules picks", () => {
    const counts = [0, 0.5, 1, 1.5, 2, 3, 10, 11, 21, 100, 101, -1, -2];
    for (const [lang, locale] of [
      ["en", "en"],
      ["bn", "bn-BD"],
    ] as const) {
      const rules = new Intl.PluralRules(locale);
      expect(counts.map((n) => pluralCategory(lang, n))).toEqual(counts.map((n) => rules.select(n)));
    }
  });
});

describe("Dhaka dates and clocks", () => {
  const instants: Date[] = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) instants.push(new Date(t));

  it("writes the Bangla long date as Intl does, on the Dhaka day", () => {
    const intl = new Intl.DateTimeFormat("bn-BD", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Dhaka" });
    const wrong = instants.filter((d) => banglaLongDate(d) !== intl.format(d));
    expect(wrong).toEqual([]);
    expect(banglaLongDate(new Date("2026-11-05T19:00:00Z"))).toBe("৬ নভেম্বর, ২০২৬");
  });

  it("writes the 24-hour clock of each language as Intl does", () => {
    const en = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", hour: "2-digit", minute: "2-digit" });
    const bn = new Intl.DateTimeFormat("bn-BD", { timeZone: "Asia/Dhaka", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    expect(instants.filter((d) => dhakaClock(d, "en") !== en.format(d))).toEqual([]);
    expect(instants.filter((d) => dhakaClock(d, "bn") !== bn.format(d))).toEqual([]);
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => banglaLongDate(new Date("nope"))).toThrow(RangeError);
  });
});
