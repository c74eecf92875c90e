import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/fixtures";

import { adminPageTypes, storefrontPageTypes, visitorFor } from "../support/page-types";
import { setCookie } from "../support/shop";

// axe on every page type, as a shopper or admin sees it. axe runs inside the
// page, so only with JavaScript on; serious and critical findings fail.

const types = [...(await storefrontPageTypes()), ...(await adminPageTypes())];

test.describe("axe", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");
  for (const type of types) {
    test(`${type.name} page has no serious or critical findings`, async ({ page, context, baseURL }) => {
      const { cookie, path } = await visitorFor(baseURL!, type);
      if (cookie) await setCookie(context, baseURL!, cookie);
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expect(page.locator("main h1").first()).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const blocking = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} at ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        );
      expect(blocking, path).toEqual([]);
    });
  }
});
