import { describe, expect, it } from "vitest";

import { cashRoundingPaisa, cashToCollectPaisa } from "./money";

describe("cash to collect", () => {
  it("rounds a total ending in .49 down, .50 and .51 up", () => {
    expect(cashToCollectPaisa(218_449)).toBe(218_400);
    expect(cashToCollectPaisa(218_450)).toBe(218_500);
    expect(cashToCollectPaisa(218_451)).toBe(218_500);
  });

  it("keeps a whole-taka total and collects nothing on a paid order", () => {
    expect(cashToCollectPaisa(100_000)).toBe(100_000);
    expect(cashToCollectPaisa(218_443, true)).toBe(0);
  });

  it("states the rounding as its own signed amount", () => {
    expect(cashRoundingPaisa(218_443)).toBe(-43);
    expect(cashRoundingPaisa(218_457)).toBe(43);
    expect(cashRoundingPaisa(500)).toBe(0);
  });
});
