import { expect, test } from "../support/fixtures";
import { hydrated } from "../support/shop";

// The inline scroll script skips its sessionStorage read on a new history entry (a synchronous
// trip to the browser process while the page is parsed; patches/README.md). A reload and a
// back navigation still come back where the shopper was, before the scripts have loaded.

test("a reload and a back navigation come back to where the shopper had scrolled, before hydration", async ({ page }) => {
  test.skip(test.info().project.name !== "js-on", "the shop restores scroll with its scripts; without them the browser does");
  await page.goto("/");
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

  // The module scripts are held (at most 10 s): until they come, only the page's inline script can scroll.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await route.continue();
  });
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(900);
  release();
  await hydrated(page);
  await page.unroute("**/build/**/*.js");

  // A new page opens at its top; going back returns to the stored place.
  await page.goto("/search/panjabi");
  await hydrated(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
});
