import { expect, test } from "@playwright/test";

import { createTestProduct, uniqueTag } from "../support/catalogue";

// A shopper on a slow phone types before the scripts arrive (a cached page
// shows at once, the JavaScript comes later). Hydration must keep what they
// typed: the search box and the quantity used to reset to their first state.

test("text typed and numbers chosen before the scripts load survive hydration", async ({ page }) => {
  test.skip(test.info().project.name !== "js-on", "only a page with scripts hydrates");
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 9 }] });
  let release: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  // Scripts are held until the fields are filled in (at most 3 s, as on a slow connection).
  await page.route("**/build/**/*.js", async (route) => {
    await Promise.race([scriptsHeld, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await route.continue();
  });

  await page.goto(`/product/${product.id}`, { waitUntil: "domcontentloaded" });
  const term = `early ${uniqueTag()}`;
  await page.getByLabel("Search products").fill(term);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("3");
  release();

  // The − / + buttons appear in hydration's own re-render, the one that used to reset the fields.
  await expect(page.getByRole("button", { name: "One more" })).toBeVisible();
  await expect(page.getByLabel("Search products")).toHaveValue(term);
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
  // React's state has the typed number too: one more makes 4, not 2.
  await page.getByRole("button", { name: "One more" }).click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("4");
});
