import { expect, test, type Page } from "../support/fixtures";

import { createTestCategory, uniqueTag } from "../support/catalogue";
import { createColourProduct, createColouredProduct } from "../support/colours";
import { hydrated } from "../support/shop";
import { shot } from "../support/shots";

// A product card names a colour whose every size is at 0 as sold out (issue 38): the dot is dimmed and
// struck through, and its accessible name says so, in English and Bangla, with JavaScript on and off.
// List pages work it out from the variants they already read; the "related" row from its own query.

const colours = (page: Page, product: string) =>
  page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: product, exact: true }) })
    .getByRole("listitem");

async function shelf() {
  const tag = uniqueTag();
  const category = await createTestCategory(`Tees ${tag}`);
  const navyLeft = await createColouredProduct({
    name: `Two-colour tee ${tag}`,
    categoryId: category.id,
    colours: [
      {
        name: "Navy",
        nameBn: "নেভি",
        hex: "#1f3a5f",
        sizes: [
          { size: "M", quantity: 3 },
          { size: "L", quantity: 0 },
        ],
      },
      // Every size at 0: sold out.
      {
        name: "Ivory",
        nameBn: "আইভরি",
        hex: "#f4efe1",
        sizes: [
          { size: "M", quantity: 0 },
          { size: "L", quantity: 0 },
        ],
      },
    ],
  });
  const allLeft = await createColouredProduct({
    name: `Stocked tee ${tag}`,
    categoryId: category.id,
    colours: [
      {
        name: "Navy",
        nameBn: "নেভি",
        hex: "#1f3a5f",
        sizes: [
          { size: "M", quantity: 0 },
          { size: "L", quantity: 1 },
        ],
      },
      { name: "Ivory", nameBn: "আইভরি", hex: "#f4efe1", sizes: [{ size: "M", quantity: 2 }] },
    ],
  });
  return { category, navyLeft, allLeft };
}

test("a sold-out colour is marked on category cards and the related row, in English and Bangla", async ({ page, javaScriptEnabled }) => {
  const { category, navyLeft, allLeft } = await shelf();
  await page.goto(`/category/${category.id}`);
  if (javaScriptEnabled) await hydrated(page);
  await expect(colours(page, navyLeft.name)).toHaveText(["Navy", "Ivory — sold out"]);
  await expect(colours(page, navyLeft.name).nth(1)).toHaveAttribute("title", "Ivory — sold out");
  // A colour with one size left is not sold out, however many of its sizes are.
  await expect(colours(page, allLeft.name)).toHaveText(["Navy", "Ivory"]);
  await shot(page, "colourdot-category", javaScriptEnabled);

  await page.goto(`/bn/category/${category.id}`);
  if (javaScriptEnabled) await hydrated(page);
  await expect(colours(page, navyLeft.name)).toHaveText(["নেভি", "আইভরি — স্টক শেষ"]);
  await expect(colours(page, allLeft.name)).toHaveText(["নেভি", "আইভরি"]);
  await shot(page, "colourdot-category-bn", javaScriptEnabled);

  // The product page's row of the same category's products is read by another query.
  await page.goto(`/product/${allLeft.id}`);
  await expect(colours(page, navyLeft.name)).toHaveText(["Navy", "Ivory — sold out"]);
});

test("with JavaScript off a shopper chooses a colour, then a size, and adds it to the cart", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the plain-form journey; JavaScript on is colour-page.spec.ts");
  const { product } = await createColourProduct();
  await page.goto(`/product/${product.id}`);
  await shot(page, "colourdot-page-start", false);
  await page.getByRole("group", { name: "Colour" }).getByText("Maroon", { exact: true }).click();
  await page.getByRole("button", { name: "Show this colour" }).click();
  await expect(page).toHaveURL(/color=Maroon/i);
  await shot(page, "colourdot-page-maroon", false);
  await page.getByText("M", { exact: true }).click();
  await shot(page, "colourdot-page-size", false);
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("Colour: Maroon").first()).toBeVisible();
  await shot(page, "colourdot-cart", false);
});
