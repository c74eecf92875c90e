import { expect, test } from "../support/fixtures";

import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// What a shopper expects of a store front: ways in from the home page, counts
// on lists, and on a product page where am I, what else is there, and an Add
// To Cart button in reach of a thumb.

test("home: hero with ways into panjabi and saree, category tiles, top rated, and a count under the list", async ({ page }) => {
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured collections" });
  const panjabi = await prisma.category.findFirstOrThrow({ where: { name: "Panjabi" } });
  await expect(hero.getByRole("link", { name: "Shop panjabi" })).toHaveAttribute("href", `/category/${panjabi.id}`);
  await expect(hero.getByRole("img").first()).toBeVisible();

  const tiles = page.getByRole("region", { name: "Shop by category" });
  await expect(tiles.getByRole("link", { name: /^Saree \d+ products$/ })).toBeVisible();

  const top = await prisma.product.findMany({ orderBy: [{ rating: "desc" }, { numReviews: "desc" }, { id: "asc" }], take: 4 });
  const topRow = page.getByRole("region", { name: "Top rated" });
  await expect(topRow.getByRole("article")).toHaveCount(4);
  await expect(topRow.getByRole("heading", { level: 3 })).toHaveText(top.map((p) => p.name));

  // Other tests add products meanwhile: the exact numbers are checked on a category of this test's own below.
  await expect(page.getByTestId("list-count")).toHaveText(/^Showing 1–8 of \d+ products · page 1 of \d+$/);
  await hero.getByRole("link", { name: "Shop saree" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Saree" })).toBeVisible();
});

test("a list's count says which products of how many, on the last page too", async ({ page }) => {
  const category = await createTestCategory(`Count ${uniqueTag()}`);
  for (let i = 0; i < 10; i++) await createTestProduct({ categoryId: category.id });
  await page.goto(`/category/${category.id}/page/2`);
  await expect(page.getByTestId("list-count")).toHaveText("Showing 9–10 of 10 products · page 2 of 2");
});

test("product page: breadcrumbs and products like it from the same category", async ({ page }) => {
  const [category, other] = [await createTestCategory(`Lungi ${uniqueTag()}`), await createTestCategory()];
  const product = await createTestProduct({ categoryId: category.id, name: `Checked Lungi ${uniqueTag()}` });
  const sibling = await createTestProduct({ categoryId: category.id, name: `Striped Lungi ${uniqueTag()}` });
  const stranger = await createTestProduct({ categoryId: other.id });
  await page.goto(`/product/${product.id}`);

  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", `/${category.name}`, `/${product.name}`]);
  await expect(crumbs.getByText(product.name)).toHaveAttribute("aria-current", "page");

  const related = page.getByRole("region", { name: "You may also like" });
  await expect(related.getByRole("heading", { name: sibling.name })).toBeVisible();
  await expect(related.getByRole("heading", { name: product.name })).toHaveCount(0);
  await expect(related.getByRole("heading", { name: stranger.name })).toHaveCount(0);
  await crumbs.getByRole("link", { name: category.name }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${category.id}$`));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 700 } });

  test("Add To Cart stays in reach at the bottom once the form is out of view; without JavaScript there is no bar over the form (audit item 13)", async ({
    page,
    javaScriptEnabled,
  }) => {
    const product = await createTestProduct({
      name: `Sticky Panjabi ${uniqueTag()}`,
      description: `<p>${"Fine cotton with hand embroidery on the placket and cuffs. ".repeat(4)}</p>`,
      sizes: [{ size: "L", quantity: 2 }],
    });
    await page.goto(`/product/${product.id}`);
    const bar = page.getByTestId("sticky-add-to-cart");
    const form = page.locator("#add-to-cart");
    if (!javaScriptEnabled) {
      // Nothing can tell when the form is in view: no bar at all, the form is the way to add.
      await form.scrollIntoViewIfNeeded();
      await expect(bar).toHaveCount(0);
      await page.getByText("L", { exact: true }).click();
      await form.getByRole("button", { name: "Add To Cart" }).click();
      await expect(page).toHaveURL(/\/cart$/);
      return;
    }
    await expect(form).not.toBeInViewport();
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(product.name);

    // While the form itself is on screen the bar steps aside.
    await form.scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await page.getByText("L", { exact: true }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeInViewport();
    await bar.getByText("Add To Cart", { exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("link", { name: product.name })).toBeVisible();
  });
});
