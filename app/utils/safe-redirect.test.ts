import { describe, expect, it } from "vitest";

import { safeRedirect, withRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("follows same-site paths, keeping query and hash", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("/search/panjabi?page=2#top")).toBe("/search/panjabi?page=2#top");
    expect(safeRedirect("/admin/user/3/edit")).toBe("/admin/user/3/edit");
  });

  it("falls back to / (or the given fallback) when missing", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect("")).toBe("/");
    expect(safeRedirect(null, "/profile")).toBe("/profile");
  });

  it.each([
    "//evil.com",
    "//evil.com/profile",
    "https://evil.com",
    "http://localhost/profile",
    "javascript:alert(1)",
    "evil.com",
    "profile",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    " /profile",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("ignores non-string form values", () => {
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/");
  });
});

describe("withRedirect", () => {
  it("carries a non-default redirect along and leaves the default out", () => {
    expect(withRedirect("/register", "/")).toBe("/register");
    expect(withRedirect("/login", "/product/3?image=1")).toBe("/login?redirect=%2Fproduct%2F3%3Fimage%3D1");
  });
});
