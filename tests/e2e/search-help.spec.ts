import { expect, test, type Page } from "../support/fixtures";

import bnCatalogue from "../../app/locales/bn/catalogue.json" with { type: "json" };
import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { confirmClick } from "../support/confirm";
import { prisma } from "../support/db";
import { hydrated } from "../support/shop";

// Issue 28 items 22 and 23, with JavaScript on and off (projects js-on, js-off),
// at phone and desktop width: the words a Bangladeshi shopper types find the
// catalogue, an admin edits those synonyms, and a search that finds nothing
// offers the ways on that the 404 page does, and "Did you mean".

const widths = [390, 1280] as const;

/** Console errors of the page, to be none. */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of widths) {
  test(`sari, shari, জিন্স and jins find sarees and jeans, never "corrected" (${width} px)`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors = consoleErrors(page);
    // Other tests add sarees of their own as this runs: each spelling is compared with "saree" loaded just before.
    const count = page.getByTestId("list-count");
    for (const typed of ["sari", "shari", "শাড়ি"]) {
      await expect(async () => {
        await page.goto("/search/saree");
        const sarees = /of (\d+) products/.exec((await count.textContent()) ?? "")![1];
        await page.goto(`/search/${encodeURIComponent(typed)}`);
        await expect(count).toContainText(`of ${sarees} products`, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByText(/Showing results for/)).toHaveCount(0); // not "sara", the brand
      await expect(page.getByRole("heading", { level: 3, name: "Block Print Long Kurti" })).toHaveCount(0); // Sara's
    }
    await page.goto("/search/tangail%20sari");
    await expect(page.getByRole("heading", { level: 3, name: "Tangail Cotton Saree", exact: true }).first()).toBeVisible();
    await page.goto("/bn/search/jins");
    await expect(page.getByRole("heading", { level: 3, name: "স্লিম ফিট স্ট্রেচ জিন্স", exact: true }).first()).toBeVisible();
    expect(await noSideways(page)).toBe(true);

    if (javaScriptEnabled) {
      // Suggestions as the shopper types, from the synonym too.
      await page.goto("/");
      await page.getByRole("combobox", { name: "Search products" }).fill("jins");
      await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: /Slim Fit Stretch Jeans/ })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test(`a search that finds nothing offers the term to mend, categories, popular products and "Did you mean" (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors = consoleErrors(page);
    await page.goto("/search/red%20jamdani%20saree");
    const help = page.getByTestId("no-results");
    await expect(help.getByRole("heading", { level: 2, name: "No products match “red jamdani saree”" })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Go Back" })).toHaveCount(0);
    await expect(help.getByRole("searchbox", { name: "Search products" })).toHaveValue("red jamdani saree");
    await expect(help.getByRole("navigation", { name: "Shop by category" }).getByRole("link", { name: "Panjabi", exact: true })).toBeVisible();
    await expect(help.getByRole("region", { name: "Popular right now" }).getByRole("listitem")).toHaveCount(4);
    expect(await noSideways(page)).toBe(true);

    // "Did you mean": the words that find something, one click away.
    await help.getByRole("link", { name: "jamdani saree", exact: true }).click();
    await expect(page).toHaveURL(/\/search\/jamdani%20saree$/);
    await expect(page.getByRole("heading", { level: 3, name: "Handloom Jamdani Saree", exact: true }).first()).toBeVisible();

    // Mending the term in the box searches again.
    await page.goto("/search/zzzznothing");
    await expect(page.getByTestId("did-you-mean")).toHaveCount(0); // nothing close: no guess
    await page.getByTestId("no-results").getByRole("searchbox").fill("katan");
    await page.getByTestId("no-results").getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Katan Silk Saree", exact: true }).first()).toBeVisible();

    // In Bangla: a misspelt Bangla word (no trigram correction) gets its closest catalogue word.
    await page.goto(`/bn/search/${encodeURIComponent("পাঞ্জাভি")}`);
    await expect(page.getByTestId("did-you-mean")).toContainText(bnCatalogue.noResults.didYouMean.replace(/<a>.*<\/a>/, "পাঞ্জাবি"));
    await expect(page.getByRole("link", { name: "← ফিরে যান" })).toHaveCount(0);
    expect(await noSideways(page)).toBe(true);
    expect(errors).toEqual([]);
  });
}

test("an admin adds, edits and deletes synonyms; the shop's search follows at once", async ({ page, context, browser, baseURL, javaScriptEnabled: js }) => {
  test.setTimeout(60_000);
  const tag = uniqueTag();
  const product = await createTestProduct({ name: `Checked tehband${tag} lungi` });
  const [tobon, dhoti] = [`tobon${tag}`, `dhoti${tag}`];
  // Seen (and cached for anonymous shoppers) before the change: the change must purge it.
  const shopper = await (await browser.newContext({ baseURL, javaScriptEnabled: js })).newPage();
  await shopper.goto(`/search/${tobon}`);
  await expect(shopper.getByTestId("no-results")).toBeVisible();

  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin");
    if (js) await hydrated(page);
    if (width < 1024) await page.getByText("Menu", { exact: true }).click();
    await page
      .getByRole("navigation", { name: width < 1024 ? "Admin menu" : "Admin" })
      .getByRole("link", { name: "Search synonyms" })
      .click();
    await expect(page).toHaveURL(/\/admin\/synonyms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search synonyms" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Synonyms of “saree”" })).toHaveValue("saree, sari, shari, sharee, শাড়ি, শাড়ী");
    expect(await noSideways(page)).toBe(true);
  }

  await page.getByLabel("New synonyms").fill(`${tobon.toUpperCase()}, tehband${tag}`);
  await page.getByRole("button", { name: "Add synonyms" }).click();
  await expect(page.getByText("Synonyms added")).toBeVisible();
  const field = page.getByRole("textbox", { name: `Synonyms of “${tobon}”` });
  await expect(field).toHaveValue(`${tobon}, tehband${tag}`);
  await shopper.goto(`/search/${tobon}`);
  await expect(shopper.getByRole("heading", { level: 3, name: product.name })).toBeVisible();

  // A term already in another group: refused beside the field, what was typed kept.
  await page.getByLabel("New synonyms").fill(`${dhoti}, Sari`);
  await page.getByRole("button", { name: "Add synonyms" }).click();
  const newField = page.getByLabel("New synonyms");
  await expect(newField).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("“sari” is already in the group “saree, sari, shari, sharee, শাড়ি, শাড়ী”")).toBeVisible();
  await expect(newField).toHaveValue(`${dhoti}, Sari`);

  // Edit: the group's own Save.
  await field.fill(`${tobon}, ${dhoti}`);
  await page.getByRole("listitem").filter({ has: field }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Synonyms saved")).toBeVisible();
  await expect(page.getByRole("textbox", { name: `Synonyms of “${tobon}”` })).toHaveValue(`${tobon}, ${dhoti}`);
  await shopper.goto(`/search/${tobon}`);
  await expect(shopper.getByTestId("no-results")).toBeVisible();

  // Delete, after "Are you sure?" (the browser's with JavaScript, the page's own without).
  await confirmClick(page, js, page.getByRole("button", { name: `Delete the synonyms of “${tobon}”` }), "Yes, delete these synonyms");
  await expect(page.getByText("Synonyms deleted")).toBeVisible();
  await expect(page.getByRole("textbox", { name: `Synonyms of “${tobon}”` })).toHaveCount(0);
  expect(await prisma.searchSynonym.count({ where: { terms: { has: tobon } } })).toBe(0);
  await shopper.context().close();
});
