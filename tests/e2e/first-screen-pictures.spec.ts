import type { Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";

// A picture is fetched at once only where a phone shows it on its first screen. On slow
// mobile data every other one shares the line with the pictures and the font the first
// screen waits for (decision 121): the home page's product list starts under its hero and
// rows, so none of its cards is eager there, while a category page's first row is.

test.use({ viewport: { width: 412, height: 823 } });

/** The products pictures of `main` the page marks eager, with how far down each is. */
async function eagerPictures(page: Page) {
  return page
    .locator("main img[loading=eager]")
    .evaluateAll((images) => images.map((i) => ({ alt: i.getAttribute("alt"), top: Math.round(i.getBoundingClientRect().top) })));
}

test("the home page fetches at once only the pictures of its first screen", async ({ page }) => {
  await page.goto("/");
  const eager = await eagerPictures(page);
  expect(eager.length, JSON.stringify(eager)).toBeGreaterThan(0); // the hero's
  for (const picture of eager) expect(picture.top, JSON.stringify(picture)).toBeLessThan(823);
  // The product list further down is still all there, its pictures waiting until they near the screen.
  const listed = page.locator("#results img");
  await expect(listed.first()).toHaveAttribute("loading", "lazy");
  expect(await listed.count()).toBeGreaterThan(4);
});

test("a category page fetches its first row at once", async ({ page }) => {
  await page.goto("/category/2");
  const eager = await eagerPictures(page);
  expect(eager.length).toBeGreaterThanOrEqual(2);
  expect(eager[0].top).toBeLessThan(823);
});
