import { describe, expect, it } from "vitest";

import { toLatinDigits } from "./digits";
import { normalizeBdMobile } from "./phone";

describe("normalizeBdMobile", () => {
  it.each([
    ["01711223344", "01711223344"],
    ["017-1122-3344", "01711223344"],
    ["+880 1711-223344", "01711223344"],
    ["8801711223344", "01711223344"],
    ["00880 1711 223344", "01711223344"],
    ["(017) 11.22.33.44", "01711223344"],
    ["০১৭১১২২৩৩৪৪", "01711223344"],
    ["+৮৮০ ১৭১১-22৩৩৪৪", "01711223344"],
  ])("accepts %s as %s", (input, want) => {
    expect(normalizeBdMobile(input)).toBe(want);
  });

  it.each(["", "12345", "01211223344", "0171122334", "017112233445", "+1 415 555 0100", "01711-22334x", "880"])("rejects %j", (input) => {
    expect(normalizeBdMobile(input)).toBeNull();
  });
});

describe("toLatinDigits", () => {
  it("reads Bangla digits in mixed input and leaves the rest", () => {
    expect(toLatinDigits("১২a৩-4")).toBe("12a3-4");
  });

  it("reads every Bangla digit", () => {
    expect(toLatinDigits("০১২৩৪৫৬৭৮৯")).toBe("0123456789");
  });
});
