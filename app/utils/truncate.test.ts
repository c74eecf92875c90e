import { describe, expect, it } from "vitest";

import { truncateText } from "./truncate";

// The description preview (issue 28 item 19): cut at 100 characters, never "cotton.…".
describe("truncateText", () => {
  it("leaves a short text alone", () => {
    expect(truncateText("Jacquard cotton.", 100)).toBe("Jacquard cotton.");
  });
  it("cuts with an ellipsis", () => {
    expect(truncateText("Jacquard cotton weave", 12)).toBe("Jacquard cot…");
  });
  it("drops a full stop, or a দাঁড়ি, that the cut leaves at the end", () => {
    expect(truncateText("Jacquard cotton. Hand finished.", 16)).toBe("Jacquard cotton…");
    expect(truncateText("Jacquard cotton. Hand finished.", 17)).toBe("Jacquard cotton…");
    expect(truncateText("হাতের কাজ। ১০০% সুতি।", 10)).toBe("হাতের কাজ…");
  });
});
