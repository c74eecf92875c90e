import { describe, expect, it } from "vitest";

import { formattersFor } from "./format";

import { shortDate, shortDateTime, tenCharacterDate } from "~/utils/dates";

// Issue 41 item 5: English dates as people write them, on the shop's Dhaka day;
// the reviews keep the spec's 10 characters, and Bangla stays in words.
describe("dates", () => {
  it("writes an English date as people do: 27 Nov 2026", () => {
    expect(formattersFor("en").date("2026-11-27T10:00:00.000Z")).toBe("27 Nov 2026");
    expect(shortDate(new Date("2026-09-05T10:00:00Z"))).toBe("5 Sep 2026");
    expect(shortDate("2026-01-01")).toBe("1 Jan 2026");
    expect(shortDate(null)).toBe("");
    expect(shortDate("not a date")).toBe("");
  });

  it("takes the day in Dhaka, as the Bangla date does: 18:30 UTC is the next morning there", () => {
    const late = "2026-03-04T18:30:00.000Z";
    expect(formattersFor("en").date(late)).toBe("5 Mar 2026");
    expect(formattersFor("bn").date(late)).toBe("৫ মার্চ, ২০২৬");
    expect(shortDateTime(new Date(late))).toBe("5 Mar 2026, 00:30");
  });

  it("keeps the reviews' date as the spec fixes it, its first 10 characters", () => {
    expect(tenCharacterDate("2026-11-27T20:00:00.000Z")).toBe("2026-11-27");
  });
});
