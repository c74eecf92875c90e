import { describe, expect, it } from "vitest";

import { LANGUAGES } from "~/i18n/languages";
import { smsSegments } from "~/utils/sms-segments";

import { orderShortLink } from "~/models/orders/index.server";
import { smsText } from "./sms-templates.server";
import type { OrderMessage } from "./types";

// Every SMS template, in each language, with the longest data it can carry, fits ONE segment
// (issue 41 item 1): a 9-digit order number, cash up to ৳99,99,999, every courier's name, and the
// short link of a shop whose host is 20 characters (the most decision 084 allows for).
const LONGEST_SHOP_URL = "https://shop.tanabana.com.bd";
const link = orderShortLink("AbCdEfGhIj", LONGEST_SHOP_URL);
const couriers = ["pathao", "steadfast", "redx", "sundarban", "paperfly", "own-rider", "other"];
const order = (courier: string, isPaid: boolean) =>
  ({ orderNumber: "TB-999999999", courier, totalPrice: 9_999_999.49, isPaid, trackingNumber: "DL121224VS8TTJ12345" }) as unknown as OrderMessage;

describe("SMS templates", () => {
  it("the short link is as long as the budget assumes", () => {
    expect(link).toBe("shop.tanabana.com.bd/o/AbCdEfGhIj");
  });

  for (const lang of LANGUAGES) {
    it(`every ${lang} SMS fits one segment with the longest data`, () => {
      const texts = [
        smsText("order-code", lang, order("other", false), link, "123456"),
        ...couriers.flatMap((c) => [smsText("order-shipped", lang, order(c, false), link), smsText("order-shipped", lang, order(c, true), link)]),
      ];
      for (const text of texts) {
        expect(text).toContain(link);
        const { encoding, units, segments } = smsSegments(text);
        // English stays GSM-7: one character outside it (the taka sign) would cut its room to 70.
        expect(encoding, text).toBe(lang === "en" ? "GSM-7" : "UCS-2");
        expect(segments, `${units} units: ${text}`).toBe(1);
      }
    });
  }

  it("counts segments as gateways do", () => {
    expect(smsSegments("a".repeat(160))).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(smsSegments("a".repeat(161))).toMatchObject({ segments: 2 });
    expect(smsSegments("৳".repeat(70))).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(smsSegments("ক".repeat(71))).toMatchObject({ segments: 2 });
    expect(smsSegments("€".repeat(80))).toMatchObject({ encoding: "GSM-7", units: 160, segments: 1 });
  });
});
