import { describe, expect, it } from "vitest";

import { pageCount, pageOffset, pageWindow, parsePageNumber } from "./paging";

describe("parsePageNumber", () => {
  it.each([
    [undefined, 1],
    [null, 1],
    ["", 1],
    ["abc", 1],
    ["0", 1],
    ["-3", 1],
    ["2.5", 1],
    ["3", 3],
  ])("%j → %i", (input, expected) => expect(parsePageNumber(input)).toBe(expected));
});

describe("pageCount and pageOffset", () => {
  it("counts at least one page and rounds up", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it("gives no offset for a page beyond what the database can skip", () => {
    expect(pageOffset(3, 20)).toBe(40);
    expect(pageOffset(Number.MAX_SAFE_INTEGER, 20)).toBeNull();
  });
});

describe("pageWindow", () => {
  it("lists every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps first, last and the neighbours of the current page of a long list", () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, "gap", 50]);
    expect(pageWindow(25, 50)).toEqual([1, "gap", 23, 24, 25, 26, 27, "gap", 50]);
    expect(pageWindow(50, 50)).toEqual([1, "gap", 48, 49, 50]);
  });

  it("shows a single skipped page rather than an ellipsis", () => {
    expect(pageWindow(5, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 50]);
  });

  it("links only real pages when the current one is past the end", () => {
    expect(pageWindow(9, 3)).toEqual([1, 2, 3]);
  });
});
