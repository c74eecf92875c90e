import { describe, expect, it } from "vitest";

import { afterSignIn, languageSwitchTarget, safeRedirect, withRedirect } from "./safe-redirect";

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

/** The same-site check a browser would make of a Location: tabs and newlines dropped, "\" read as "/". */
function staysOnSite(location: string) {
  const base = "http://shop.example";
  const asBrowserReads = location.replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
  return new URL(asBrowserReads, base).origin === base && !asBrowserReads.startsWith("//");
}

/** A small seeded generator (no dependency): strings glued from the pieces open redirects are made of. */
function oddInputs(count: number, seed = 27) {
  const pieces = [
    "/",
    "//",
    "\\",
    "/\\",
    "%2f",
    "%2F",
    "%5c",
    "%252f",
    "/bn",
    "/bn/",
    "/bn//",
    "bn",
    "\t",
    "\n",
    "\r",
    " ",
    "evil.example",
    "@",
    ":",
    "http:",
    "https://",
    "javascript:",
    ".",
    "..",
    "?",
    "#",
    "next=",
    "/language/en?next=",
    "x",
    "%09",
    "%0a",
    "\u3002",
  ];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 7) }, () => pieces[Math.floor(next() * pieces.length)]).join(""));
}

describe("safeRedirect and the language switch over odd inputs (issue 27 item 11)", () => {
  const inputs = [
    ...oddInputs(5000),
    "/bn//evil.example/x",
    "/bn/\\evil.example",
    "/bn/%2f%2fevil.example",
    "//evil.example",
    "/\\evil.example",
    "/%2f%2fevil.example",
    "/bn\t//evil.example",
    "/bn\n//evil.example",
    "/bn/\t/evil.example",
    "/bn",
    "/bn/",
    "/bn//",
  ];

  it("never answers a target a browser would read as another site", () => {
    for (const input of inputs) {
      const out = safeRedirect(input);
      expect(staysOnSite(out), JSON.stringify({ input, out })).toBe(true);
    }
  });

  it("the language switch checks its final target, after the /bn prefix comes off or goes on", () => {
    for (const input of inputs) {
      for (const lang of ["en", "bn"] as const) {
        const out = languageSwitchTarget(lang, input);
        expect(staysOnSite(out), JSON.stringify({ lang, input, out })).toBe(true);
      }
    }
    expect(languageSwitchTarget("en", "/bn//evil.example/x")).toBe("/");
    expect(languageSwitchTarget("bn", "/bn//evil.example/x")).toBe("/bn");
    expect(languageSwitchTarget("en", "/bn/product/3?x=1")).toBe("/product/3?x=1");
    expect(languageSwitchTarget("bn", "/cart")).toBe("/bn/cart");
  });
});

describe("afterSignIn (issue 28 item 4)", () => {
  const admin = { isAdmin: true };
  const shopper = { isAdmin: false };

  it("sends an admin to the back office and a shopper home, in the sign-in page's language", () => {
    expect(afterSignIn(null, admin, "en")).toBe("/admin");
    expect(afterSignIn("", admin, "bn")).toBe("/admin");
    expect(afterSignIn(null, shopper, "en")).toBe("/");
    expect(afterSignIn("", shopper, "bn")).toBe("/bn");
  });

  it("follows a page the redirect asked for, for admins too, but never off the site", () => {
    expect(afterSignIn("/admin/orderlist?status=unpaid", admin, "en")).toBe("/admin/orderlist?status=unpaid");
    expect(afterSignIn("/", admin, "en")).toBe("/");
    expect(afterSignIn("/bn/cart", shopper, "bn")).toBe("/bn/cart");
    for (const evil of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      expect(afterSignIn(evil, admin, "en"), evil).toBe("/admin");
      expect(afterSignIn(evil, shopper, "en"), evil).toBe("/");
    }
  });
});
