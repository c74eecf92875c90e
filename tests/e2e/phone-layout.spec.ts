import { expect, test } from "../support/fixtures";

import { storefrontPageTypes, visitorFor } from "../support/page-types";
import { setCookie } from "../support/shop";

// No storefront or account page may be wider than a phone's screen: sideways
// scrolling hides content and makes the whole page wobble under a thumb.
// The profile's orders table once made /profile 615 px wide at 390 px.

const types = await storefrontPageTypes();

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const type of types) {
      test(`${type.name} page fits the screen`, async ({ page, context, baseURL }) => {
        const { cookie, path } = await visitorFor(baseURL!, type);
        if (cookie) await setCookie(context, baseURL!, cookie);
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("main h1").first()).toBeVisible();
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
      });
    }
  });
}
