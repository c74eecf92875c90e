import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/fixtures";

import { adminPageTypes, storefrontPageTypes, visitorFor } from "../support/page-types";
import { setCookie } from "../support/shop";

// axe on every page type, as a shopper or admin sees it. axe runs inside the
// page, so only with JavaScript on; serious and critical findings fail, and so
// does heading-order (moderate): a skipped level leaves a screen reader's
// outline of the page with a hole in it (issue 41 item 5).

const types = [...(await storefrontPageTypes()), ...(await adminPageTypes())];

test.describe("axe", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");
  for (const type of types) {
    test(`${type.name} page has no serious or critical findings and no skipped heading level`, async ({ page, context, baseURL }) => {
      const { cookie, path } = await visitorFor(baseURL!, type);
      if (cookie) await setCookie(context, baseURL!, cookie);
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expect(page.locator("main h1").first()).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const blocking = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "heading-order")
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

// Without JavaScript axe cannot run in the page, but the server's markup is what
// a no-JavaScript visitor gets: its heading levels are checked directly, the
// way axe's heading-order reads them (each at most one deeper than the one before).
test.describe("heading levels without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "axe checks them with JavaScript on");
  for (const type of types) {
    test(`${type.name} page skips no heading level`, async ({ page, context, baseURL }) => {
      const { cookie, path } = await visitorFor(baseURL!, type);
      if (cookie) await setCookie(context, baseURL!, cookie);
      expect((await page.goto(path))?.status(), path).toBe(200);
      const levels = await page.evaluate(() =>
        [...document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")].map((h) => {
          const text = (h.textContent ?? "").trim().slice(0, 40);
          return { level: Number(h.getAttribute("aria-level") ?? h.tagName.slice(1)), text };
        }),
      );
      const skips = levels.flatMap((h, i) => (i > 0 && h.level > levels[i - 1]!.level + 1 ? [`h${h.level} "${h.text}" after h${levels[i - 1]!.level}`] : []));
      expect(skips, path).toEqual([]);
    });
  }
});
