import { expect, test } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { confirmClick } from "../support/confirm";
import { prisma } from "../support/db";

// Drafts (issue 22 item 1), as an admin and a shopper meet them, with
// JavaScript on and off: "Create Product" makes a draft no shopper sees, the
// back office marks and filters drafts, and one action publishes.

test("Create Product makes a draft: marked and filtered in the back office, a 404 to shoppers, published with one action", async ({
  page,
  context,
  baseURL,
  browser,
  javaScriptEnabled: js,
}) => {
  test.setTimeout(60_000); // a whole walk: back office, a second browser, publish
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  await page.goto("/admin/productlist");
  await confirmClick(page, js, page.getByRole("button", { name: "Create Product" }), "Yes, create product");
  await expect(page).toHaveURL(/\/admin\/product\/\d+\/edit$/);
  const id = Number(/product\/(\d+)\/edit/.exec(page.url())![1]);
  await expect(page.getByLabel("Status")).toHaveValue("draft");

  // The admin names it and saves: still a draft.
  const name = `Draft panjabi ${uniqueTag()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Update" }).first().click();
  await expect(page).toHaveURL(/\/admin\/productlist$/);

  // A shopper in a fresh browser: not on the product page, not in search.
  const shopper = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await shopper.newPage();
  expect((await visitor.goto(`/product/${id}`))!.status()).toBe(404);
  await expect(visitor.getByRole("searchbox").first()).toBeVisible();
  await visitor.goto(`/search/${encodeURIComponent(name)}`);
  await expect(visitor.getByRole("link", { name })).toHaveCount(0);

  // The admin previews the draft page, marked as a draft.
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("status").filter({ hasText: "Draft." })).toContainText("Shoppers cannot see this product");

  // Drafts filter, the mark and the one-click publish. The admin searches for
  // it first, as one would among many: the list runs oldest first, and other
  // tests leave drafts behind, so it may not be on the first page otherwise.
  // The filter links keep the search.
  await page.goto(`/admin/productlist?keyword=${encodeURIComponent(name)}`);
  await page.getByRole("navigation", { name: "Show products" }).getByRole("link", { name: "Drafts" }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(page).toHaveURL(/keyword=/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "Show products" }).getByRole("link", { name: "Active" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Show products" }).getByRole("link", { name: "Drafts" }).click();
  await page.getByRole("button", { name: `Publish ${name}` }).click();
  await expect(page.getByText(`Published “${name}”`)).toBeVisible();
  expect((await prisma.product.findUniqueOrThrow({ where: { id } })).status).toBe("active");

  // Published: the shopper finds it (the page cache was purged by the publish).
  expect((await visitor.goto(`/product/${id}`))!.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name })).toBeVisible();
  await shopper.close();
  await prisma.product.delete({ where: { id } });
});

test("the editor's Status field takes a product back to draft, off the shop at once", async ({ page, context, baseURL, browser }) => {
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  const category = await createTestCategory(`Drafts ${uniqueTag()}`);
  const product = await createTestProduct({ categoryId: category.id, sizes: [{ size: "M", quantity: 3 }] });
  const shopper = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await shopper.newPage();
  await visitor.goto(`/category/${category.id}`);
  await expect(visitor.getByRole("link", { name: product.name }).first()).toBeVisible();

  await page.goto(`/admin/product/${product.id}/edit`);
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Update" }).first().click();
  await expect(page).toHaveURL(/\/admin\/productlist$/);

  await visitor.goto(`/category/${category.id}`);
  await expect(visitor.getByRole("link", { name: product.name })).toHaveCount(0);
  expect((await visitor.goto(`/product/${product.id}`))!.status()).toBe(404);
  await shopper.close();
  await prisma.product.deleteMany({ where: { categoryId: category.id } });
  await prisma.category.delete({ where: { id: category.id } });
});
