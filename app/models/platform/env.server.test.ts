import { describe, expect, it } from "vitest";

import { sessionSecretProblem } from "./env.server";

// Issue 27 item 13: no made-up or guessable cookie secret outside `npm start`'s demo.
describe("SESSION_SECRET", () => {
  it("refuses a missing, short or partly short secret and says how to make one", () => {
    for (const value of [undefined, "", " , ", "x", "test-session-secret", "a".repeat(31), `${"a".repeat(40)},short`]) {
      const problem = sessionSecretProblem(value);
      expect(problem, String(value)).toMatch(/SESSION_SECRET/);
      expect(problem).toContain("openssl rand -hex 32");
    }
  });

  it("counts bytes, not characters, and accepts 32 bytes and rotation lists", () => {
    expect(sessionSecretProblem("a".repeat(32))).toBeNull();
    expect(sessionSecretProblem(`${"a".repeat(32)}, ${"b".repeat(64)}`)).toBeNull();
    // 11 Bangla letters are 33 bytes in UTF-8.
    expect(sessionSecretProblem("অ".repeat(11))).toBeNull();
  });
});
