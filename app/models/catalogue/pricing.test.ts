import { describe, expect, it } from "vitest";

import { bestDiscountPercent, discountedPaisa, orderTotals, toPaisa, toTaka } from "./pricing";

describe("orderTotals", () => {
  it("adds 3 × 19.99 without float drift", () => {
    const t = orderTotals([{ unitPaisa: toPaisa(19.99)!, qty: 3 }]);
    expect(toTaka(t.itemsPaisa)).toBe(59.97);
    expect(toTaka(t.shippingPaisa)).toBe(10);
    expect(toTaka(t.taxPaisa)).toBe(9); // 15 % of 59.97 = 8.9955 → 9.00
    expect(toTaka(t.totalPaisa)).toBe(78.97);
  });

  it("charges shipping at exactly 100 and ships free just above it", () => {
    expect(orderTotals([{ unitPaisa: 100_00, qty: 1 }]).shippingPaisa).toBe(10_00);
    expect(orderTotals([{ unitPaisa: 100_01, qty: 1 }]).shippingPaisa).toBe(0);
  });

  it("rounds tax to the nearest paisa, half up", () => {
    // 15 % of 0.10 = 0.015 → 0.02
    expect(orderTotals([{ unitPaisa: 10, qty: 1 }]).taxPaisa).toBe(2);
    expect(orderTotals([{ unitPaisa: 1299_50, qty: 2 }])).toEqual({
      itemsPaisa: 2599_00,
      couponPaisa: 0,
      shippingPaisa: 0,
      taxPaisa: 389_85,
      totalPaisa: 2988_85,
    });
  });
});

describe("discounts", () => {
  it("applies a percentage and rounds to the paisa", () => {
    expect(discountedPaisa(1999, 15)).toBe(1699); // 19.99 × 0.85 = 16.9915
    expect(discountedPaisa(1000_00, 20)).toBe(800_00);
    expect(discountedPaisa(1000_00, 0)).toBe(1000_00);
  });

  it("rounds the discounted price half up, as round2(price × (1 − d/100))", () => {
    expect(discountedPaisa(1999, 50)).toBe(1000); // 9.995 → 10.00
    expect(discountedPaisa(1, 50)).toBe(1); // 0.005 → 0.01
    expect(discountedPaisa(1001, 50)).toBe(501); // 5.005 → 5.01
  });

  it("takes the highest active discount", () => {
    expect(
      bestDiscountPercent([
        { percentage: 10, isActive: true },
        { percentage: 30, isActive: false },
        { percentage: 20, isActive: true },
      ]),
    ).toBe(20);
    expect(bestDiscountPercent([])).toBe(0);
  });
});

describe("toPaisa", () => {
  it("accepts at most two decimals", () => {
    expect(toPaisa(19.99)).toBe(1999);
    expect(toPaisa(0.1 + 0.2)).toBe(30);
    expect(toPaisa(1.005)).toBeNull();
  });
});
