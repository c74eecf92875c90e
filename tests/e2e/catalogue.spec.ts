import { expect, test, type Page } from "../support/fixtures";

import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Finding products: sort and filters on a list, typo-forgiving search, and
// suggestions under the search box. Runs with JavaScript on and off.

const jsOn = () => test.info().project.name === "js-on";

/** The list state in the URL, without the empty price boxes a form sends when JavaScript is off. */
// Every parameter, empty ones too: empty filter fields must stay out of the address (issue 22, item 25).
const state = (page: Page) => [...new URL(page.url()).searchParams].map(([k, v]) => `${k}=${v}`).join("&");

/** Product names in the order the grid shows them. */
const cardNames = (page: Page) => page.getByRole("heading", { level: 3 }).allTextContents();

async function shelf() {
  const tag = uniqueTag();
  const category = await createTestCategory(`Fatua ${tag}`);
  const make = (name: string, brand: string, pricePaisa: number, sizes: { size: string; quantity: number }[]) =>
    createTestProduct({ name: `${name} ${tag}`, brand, pricePaisa, sizes, categoryId: category.id });
  const cotton = await make("Cotton fatua", `Sailor${tag}`, 1500_00, [{ size: "M", quantity: 3 }]);
  const linen = await make("Linen fatua", `Aarong${tag}`, 2500_00, [
    { size: "M", quantity: 1 },
    { size: "L", quantity: 2 },
  ]);
  const silk = await make("Silk fatua", `Aarong${tag}`, 4000_00, [{ size: "L", quantity: 1 }]);
  // Silk at 70 % off is 1200.00: the cheapest once the discount counts.
  await prisma.discount.create({ data: { productId: silk.id, percentage: 70 } });
  return { tag, category, cotton, linen, silk };
}

test("sort by the price paid and filter a category page, with the state kept in the URL", async ({ page }) => {
  const { category, cotton, linen, silk } = await shelf();
  await page.goto(`/category/${category.id}`);
  await expect(page.getByTestId("list-count")).toHaveText(/^Showing 1–3 of 3 products$/);

  // With JavaScript, choosing submits only once the page has hydrated (the Sort button is gone then).
  if (jsOn()) await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(0);
  await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
  if (!jsOn()) await page.getByRole("button", { name: "Sort", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${category.id}\\?sort=price-asc$`));
  await expect.poll(() => cardNames(page)).toEqual([silk.name, cotton.name, linen.name]);

  await page.getByText("Filters", { exact: true }).click();
  await page.getByRole("checkbox", { name: "M (2)", exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect.poll(() => cardNames(page)).toEqual([cotton.name, linen.name]);
  expect(state(page)).toBe("sort=price-asc&size=M");
  await expect(page.getByTestId("list-count")).toHaveText(/^Showing 1–2 of 2 products$/);

  // The chip removes the filter and keeps the sort.
  await page.getByRole("link", { name: "Remove filter Size: M" }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${category.id}\\?sort=price-asc$`));
  await expect.poll(() => cardNames(page)).toEqual([silk.name, cotton.name, linen.name]);
});

test("filters combine, show as chips and tick their boxes with counts", async ({ page }) => {
  const { tag, category, linen, silk } = await shelf();
  await page.goto(`/category/${category.id}?brand=Aarong${tag}&inStock=1`);
  await expect.poll(() => cardNames(page)).toEqual([linen.name, silk.name]);
  await expect(page.getByRole("link", { name: `Remove filter Brand: Aarong${tag}` })).toBeVisible();
  await page.getByText("Filters (2)", { exact: true }).click();
  await expect(page.getByRole("checkbox", { name: `Aarong${tag} (2)`, exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "On sale (1)", exact: true })).not.toBeChecked();
  await page.getByRole("checkbox", { name: "On sale (1)", exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect.poll(() => cardNames(page)).toEqual([silk.name]);
  expect(state(page)).toBe(`brand=Aarong${tag}&inStock=1&onSale=1`);
});

test("a misspelt search shows what it searched for instead", async ({ page }) => {
  await page.goto("/");
  await page.getByPlaceholder("Search Products...").fill("panjbi");
  await page.getByPlaceholder("Search Products...").press("Enter");
  await expect(page).toHaveURL(/\/search\/panjbi$/);
  await expect(page.getByText("Showing results for panjabi", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Nakshi Embroidered Cotton Panjabi", exact: true })).toBeVisible();
});

test("suggestions under the search box work from the keyboard", async ({ page }) => {
  test.skip(!jsOn(), "Suggestions need JavaScript; without it the box is the plain search form");
  const tag = uniqueTag();
  const first = await createTestProduct({ name: `Jamdani ${tag} saree`, pricePaisa: 8500_00 });
  const second = await createTestProduct({ name: `Jamdani ${tag} dupatta`, pricePaisa: 1200_00 });
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.fill(tag);
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option")).toHaveCount(2);
  await expect(list.getByRole("option").first()).toContainText(first.name);
  await expect(list.getByRole("option").first()).toContainText("৳8,500.00");
  await expect(box).toHaveAttribute("aria-expanded", "true");

  await box.press("ArrowDown");
  await box.press("ArrowDown");
  await expect(list.getByRole("option", { name: second.name })).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", /search-option-1/);
  await box.press("Escape");
  await expect(list).toBeHidden();
  await box.press("ArrowDown");
  await expect(list.getByRole("option", { name: first.name })).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/product/${first.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();
});
