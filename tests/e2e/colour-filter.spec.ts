import { expect, test, type Page } from "../support/fixtures";

import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { createColouredProduct } from "../support/colours";
import { prisma } from "../support/db";
import { hydrated } from "../support/shop";
import { shot } from "../support/shots";

// The colour filter of list pages (issue 38 item 2, decision 104): a colour ticked in the drawer
// lists only products with that colour in stock, the URL carries ?color=, its chip removes it, and
// Bangla pages name colours in Bangla and take a Bangla ?color=. Runs with JavaScript on and off.

const card = (page: Page, name: string) => page.getByRole("heading", { level: 3, name, exact: true });
const colours = (page: Page) => new URL(page.url()).searchParams.getAll("color");

/** A category of the test's own: a navy tee, a tee whose navy is sold out, and a tee without colours. */
async function shelf() {
  const tag = uniqueTag();
  const category = await createTestCategory(`Tees ${tag}`);
  const navyTee = await createColouredProduct({
    name: `Navy tee ${tag}`,
    categoryId: category.id,
    colours: [
      { name: "Navy", nameBn: "নেভি", hex: "#1f3a5f", sizes: [{ size: "M", quantity: 3 }] },
      { name: "Maroon", nameBn: "মেরুন", hex: "#7a1f2b", sizes: [{ size: "M", quantity: 0 }] },
    ],
  });
  const maroonTee = await createColouredProduct({
    name: `Maroon tee ${tag}`,
    categoryId: category.id,
    colours: [
      { name: "Navy", nameBn: "নেভি", hex: "#1f3a5f", sizes: [{ size: "L", quantity: 0 }] },
      { name: "Maroon", nameBn: "মেরুন", hex: "#7a1f2b", sizes: [{ size: "L", quantity: 2 }] },
    ],
  });
  const plainTee = await createTestProduct({ name: `Plain tee ${tag}`, categoryId: category.id });
  return { category, navyTee, maroonTee, plainTee };
}

test("a colour ticked on a category page lists only the products that have it in stock", async ({ page, javaScriptEnabled }) => {
  // Seed: Printed Rayon Kurti comes in Maroon; A-Line Viscose Kurti does not.
  const kurti = await prisma.category.findFirstOrThrow({ where: { name: "Kurti" } });
  await page.goto(`/category/${kurti.id}`);
  if (javaScriptEnabled) await hydrated(page);
  await expect(card(page, "A-Line Viscose Kurti")).toBeVisible();

  await page.getByText("Filters", { exact: true }).click();
  await page.getByRole("checkbox", { name: /^Maroon \(\d+\)$/ }).check();
  await shot(page, "colour-drawer-ticked", javaScriptEnabled);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect.poll(() => colours(page)).toEqual(["Maroon"]);
  await expect(card(page, "Printed Rayon Kurti")).toBeVisible();
  await expect(card(page, "A-Line Viscose Kurti")).toHaveCount(0);
  await shot(page, "colour-category-maroon", javaScriptEnabled);

  await page.getByRole("link", { name: "Remove filter Colour: Maroon" }).click();
  await expect.poll(() => colours(page)).toEqual([]);
  await expect(card(page, "A-Line Viscose Kurti")).toBeVisible();
});

test("a sold-out colour does not list, the count follows, and a colour nobody has shows the empty list", async ({ page, javaScriptEnabled }) => {
  const { category, navyTee, maroonTee, plainTee } = await shelf();
  await page.goto(`/category/${category.id}?color=navy`);
  if (javaScriptEnabled) await hydrated(page);
  await expect(card(page, navyTee.name)).toBeVisible();
  await expect(card(page, maroonTee.name)).toHaveCount(0);
  await expect(card(page, plainTee.name)).toHaveCount(0);
  await expect(page.getByTestId("list-count")).toHaveText(/^Showing 1 of 1 product$/);
  await expect(page.getByRole("link", { name: "Remove filter Colour: Navy" })).toBeVisible();
  await page.getByText("Filters (1)", { exact: true }).click();
  // Each colour counts the products that have it in stock: one each here.
  await expect(page.getByRole("checkbox", { name: "Navy (1)", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Maroon (1)", exact: true })).not.toBeChecked();
  await shot(page, "colour-shelf-navy", javaScriptEnabled);

  // A colour id stands for its name, and the page moves to the named address.
  const maroon = await prisma.productColor.findFirstOrThrow({ where: { productId: maroonTee.id, name: "Maroon" } });
  await page.goto(`/category/${category.id}?color=${maroon.id}`);
  await expect.poll(() => colours(page)).toEqual(["Maroon"]);
  await expect(card(page, maroonTee.name)).toBeVisible();
  await expect(card(page, navyTee.name)).toHaveCount(0);

  await page.goto(`/category/${category.id}?color=Purple`);
  await expect(page.getByText("No products found.")).toBeVisible();
  await expect(card(page, navyTee.name)).toHaveCount(0);
  await shot(page, "colour-shelf-nothing", javaScriptEnabled);
  await page.getByRole("link", { name: "Remove filter Colour: Purple" }).click();
  await expect(page.getByTestId("list-count")).toHaveText(/^Showing 1–3 of 3 products$/);
});

test("in Bangla the colours have Bangla names and ?color= takes a Bangla name", async ({ page, javaScriptEnabled }) => {
  const { category, navyTee, maroonTee } = await shelf();
  await page.goto(`/bn/category/${category.id}?color=${encodeURIComponent("নেভি")}`);
  if (javaScriptEnabled) await hydrated(page);
  await expect(card(page, navyTee.name)).toBeVisible();
  await expect(card(page, maroonTee.name)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "ফিল্টার সরান: রং: নেভি" })).toBeVisible();
  await page.getByText("ফিল্টার (১)", { exact: true }).click();
  await expect(page.getByRole("checkbox", { name: "নেভি (১)", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "মেরুন (১)", exact: true })).not.toBeChecked();
  await shot(page, "colour-shelf-bn", javaScriptEnabled);

  await page.getByRole("link", { name: "ফিল্টার সরান: রং: নেভি" }).click();
  await expect.poll(() => colours(page)).toEqual([]);
  await expect(card(page, maroonTee.name)).toBeVisible();
});

test("search and colour together", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search/kurti");
  if (javaScriptEnabled) await hydrated(page);
  await expect(card(page, "A-Line Viscose Kurti")).toBeVisible();
  await page.getByText("Filters", { exact: true }).click();
  await page.getByRole("checkbox", { name: /^Maroon \(\d+\)$/ }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/search\/kurti\?color=Maroon$/);
  await expect(card(page, "Printed Rayon Kurti")).toBeVisible();
  await expect(card(page, "A-Line Viscose Kurti")).toHaveCount(0);
  await shot(page, "colour-search-maroon", javaScriptEnabled);
});
