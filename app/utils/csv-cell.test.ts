import { describe, expect, it } from "vitest";

import { csvCell } from "./csv-cell";

describe("csvCell", () => {
  it("turns every formula-looking cell into text", () => {
    for (const bad of ['=HYPERLINK("http://evil.example","Click")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "=cmd|' /C calc'!A0"]) {
      expect(csvCell(bad), JSON.stringify(bad)).toBe(`'${bad}`);
    }
  });

  it("leaves names, addresses, numbers and phone numbers as they are", () => {
    for (const good of ["Karima Begum", "কারিমা", "House 4, Road 9", "+8801711223344", "-12.50", "1150.00", ""]) expect(csvCell(good)).toBe(good);
  });
});
