import sharp from "sharp";

import { expect, test } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Drafts (issue 22 item 1), as an admin and a shopper meet them, with
// JavaScript on and off: "Create Product" opens a blank editor whose Save
// makes a draft no shopper sees, the back office marks and filters drafts,
// and one action publishes, once the product is ready (issue 28 item 1).

const png = (colour: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("Create Product opens a blank editor; Save makes a draft no shopper sees, published once it is ready", async ({
  page,
  context,
  baseURL,
  browser,
  javaScriptEnabled: js,
}) => {
  test.setTimeout(90_000); // a whole walk: back office, a second browser, a refused and a real publish
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  await page.goto("/admin/productlist");
  await page.getByRole("link", { name: "Create Product" }).click();
  await expect(page).toHaveURL(/\/admin\/product\/new$/);
  await expect(page.getByRole("heading", { name: "New Product", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("draft");

  // A blank form is refused beside its fields: nothing is made until it saves.
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/product\/new$/);

  // The admin names it, prices it, adds a size and saves: a draft, opened in its editor.
  const name = `Draft panjabi ${uniqueTag()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price (৳)", { exact: true }).fill("1450");
  await page.getByLabel("Brand", { exact: true }).fill("Aarong");
  await page.getByLabel("New size", { exact: true }).fill("M");
  await page.getByLabel("Quantity", { exact: true }).fill("4");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page).toHaveURL(/\/admin\/product\/\d+\/edit$/);
  await expect(page.getByRole("status").filter({ hasText: "Product created as a draft" })).toBeVisible();
  const id = Number(/product\/(\d+)\/edit/.exec(page.url())![1]);
  expect(await prisma.product.findUniqueOrThrow({ where: { id } })).toMatchObject({ name, status: "draft", pricePaisa: 1450_00 });

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
  // Still the placeholder picture: Publish is refused, saying why, with the way to the editor.
  await page.getByRole("button", { name: `Publish ${name}` }).click();
  const refusal = page.getByRole("alert");
  await expect(refusal).toContainText(`Cannot publish “${name}” yet: it needs a main image of its own (the placeholder picture does not count).`);
  expect((await prisma.product.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
  await refusal.getByRole("link", { name: "Edit the product" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/product/${id}/edit$`));

  // A picture of its own (uploaded with Save, JavaScript on or off), then Publish from the list.
  await page.getByLabel(/Choose a new main image/).setInputFiles({ name: "main.png", mimeType: "image/png", buffer: await png("#9a3412") });
  if (js) await expect(page.getByRole("img", { name: "Main image preview" })).toHaveAttribute("src", /^\/images\//);
  await page.getByRole("button", { name: "Update" }).first().click();
  await expect(page).toHaveURL(/\/admin\/productlist$/);
  await page.goto(`/admin/productlist?keyword=${encodeURIComponent(name)}&status=draft`);
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
