import type { Page } from "@playwright/test";

import { createTestProduct } from "../support/catalogue";
import { expect, test } from "../support/fixtures";

// The shop draws its text in two weights, regular (400) and semibold (600) (decision 120). Each
// weight of each size is a font the first layout sets up before it can shape a line, and on a busy
// phone that set-up was the longest part of the page's first task. Rich text from the admin's editor
// keeps to the same two weights, its bold and headings included.

/** Every weight an element's own visible text is drawn in, with a few of its texts. */
async function weightsDrawn(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const found: Record<string, string[]> = {};
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || !element.checkVisibility()) continue;
      const weight = getComputedStyle(element).fontWeight;
      const texts = (found[weight] ??= []);
      if (texts.length < 3) texts.push(text.slice(0, 24));
    }
    return found;
  });
}

test("storefront pages draw their text in regular and semibold only", async ({ page }) => {
  const product = await createTestProduct({
    description: "<h2>Care</h2><p><strong>Hand wash</strong> in cold water, <a href='/'>as the guide says</a>.</p>",
  });
  for (const path of ["/", `/product/${product.id}`, "/category/1", "/search/panjabi", "/bn", "/cart"]) {
    await page.goto(path);
    const weights = await weightsDrawn(page);
    expect(Object.keys(weights).sort(), `${path}: ${JSON.stringify(weights)}`).toEqual(["400", "600"]);
  }
  // The description's own heading and bold are semibold, not the 700 and 800 of the rich-text defaults.
  await page.goto(`/product/${product.id}`);
  for (const text of ["Care", "Hand wash"]) {
    await expect(page.locator("#product-description").getByText(text, { exact: true })).toHaveCSS("font-weight", "600");
  }
});
