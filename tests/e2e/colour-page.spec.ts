import { expect, test, type Page } from "../support/fixtures";

import { createColourProduct } from "../support/colours";
import { hydrated } from "../support/shop";
import { shot } from "../support/shots";

// The product page of a product sold in colours (issue 38, decision 099): named swatches, the
// gallery and the sizes follow the colour, `?color=` opens one, with JavaScript on and off.

const mainPicture = (page: Page, name: string) => page.getByRole("img", { name, exact: true }).first();

test("swatches are named, and the pictures and sizes follow the chosen colour", async ({ page, javaScriptEnabled }) => {
  const { product, navy, maroon } = await createColourProduct();
  await page.goto(`/product/${product.id}`);
  if (javaScriptEnabled) await hydrated(page);
  const colours = page.getByRole("group", { name: "Colour" });
  await expect(colours.getByRole("radio")).toHaveCount(2);
  await expect(colours.getByRole("radio", { name: "Navy" })).toBeChecked();
  await expect(mainPicture(page, product.name)).toHaveAttribute("src", new RegExp(`^${navy.images[0]}`));
  await expect(page.getByRole("radio", { name: /^L\b/ })).toBeEnabled();
  await shot(page, "colour-page-navy", javaScriptEnabled);

  await page.getByRole("group", { name: "Colour" }).getByText("Maroon", { exact: true }).click();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show this colour" }).click();
  await expect(page).toHaveURL(/[?&]color=Maroon\b/);
  await expect(colours.getByRole("radio", { name: "Maroon" })).toBeChecked();
  await expect(mainPicture(page, product.name)).toHaveAttribute("src", new RegExp(`^${maroon.images[0]}`));
  // Maroon: 2 in M, none in L.
  await expect(page.getByRole("radio", { name: /^L\b/ })).toBeDisabled();
  await expect(page.getByText("Only 2 left")).toBeVisible();
  await shot(page, "colour-page-maroon", javaScriptEnabled);
});

test("?color= opens that colour, by its English or Bangla name", async ({ page }) => {
  const { product, maroon } = await createColourProduct();
  await page.goto(`/product/${product.id}?color=maroon`);
  await expect(page.getByRole("radio", { name: "Maroon" })).toBeChecked();
  await expect(mainPicture(page, product.name)).toHaveAttribute("src", new RegExp(`^${maroon.images[0]}`));
  await page.goto(`/bn/product/${product.id}?color=${encodeURIComponent("মেরুন")}`);
  await expect(page.getByRole("group", { name: "রং" }).getByRole("radio", { name: "মেরুন" })).toBeChecked();
  await shot(page, "colour-page-bn", test.info().project.name === "js-on");
});

test("a colour tapped before the scripts load is kept", async ({ page }) => {
  test.skip(test.info().project.name !== "js-on", "only a page with scripts hydrates");
  const { product, maroon } = await createColourProduct();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await route.continue();
  });
  await page.goto(`/product/${product.id}`, { waitUntil: "domcontentloaded" });
  await page.getByRole("group", { name: "Colour" }).getByText("Maroon", { exact: true }).click();
  release();
  await hydrated(page);
  await expect(page.getByRole("radio", { name: "Maroon" })).toBeChecked();
  // React's state has it too: the sizes and pictures are Maroon's.
  await expect(page.getByRole("radio", { name: /^L\b/ })).toBeDisabled();
  await expect(mainPicture(page, product.name)).toHaveAttribute("src", new RegExp(`^${maroon.images[0]}`));
});

test("adding without a colour says to choose one", async ({ page, javaScriptEnabled }) => {
  const { product } = await createColourProduct();
  await page.goto(`/product/${product.id}`);
  if (javaScriptEnabled) await hydrated(page);
  // A page from before the product had colours, or a hand-made form: no colour is posted.
  await page.getByText("M", { exact: true }).click();
  await page.locator("input[name=color]").evaluateAll((inputs) => inputs.forEach((i) => i.remove()));
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("Please choose a colour")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}`));
});
