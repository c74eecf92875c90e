import { describe, expect, it } from "vitest";

import { outlineUnderTitle } from "./heading-outline";

describe("outlineUnderTitle", () => {
  it("starts a footer page's text at h2 under the page's h1, one level per level used", () => {
    expect(outlineUnderTitle("<p>a</p><h3>What we believe in</h3><p>b</p><h5 id=x>c</h5>")).toEqual({
      html: "<p>a</p><h2>What we believe in</h2><p>b</p><h3 id=x>c</h3>",
      top: 3,
    });
    expect(outlineUnderTitle("<h2>a</h2><h3>b</h3>")).toEqual({ html: "<h2>a</h2><h3>b</h3>", top: 2 });
    expect(outlineUnderTitle("<h1>a</h1><hr><p>h3</p>")).toEqual({ html: "<h2>a</h2><hr><p>h3</p>", top: 1 });
    expect(outlineUnderTitle("<p>none</p>")).toEqual({ html: "<p>none</p>", top: null });
  });
});
