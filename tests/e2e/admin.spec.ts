import { expect, test } from "../support/fixtures";
import sharp from "sharp";

import { createUser, signIn } from "../support/auth";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { confirmClick } from "../support/confirm";
import { prisma } from "../support/db";

// The admin catalogue screens, run with JavaScript on (confirm() dialogs,
// instant uploads, Tiptap) and off (plain posts, a confirmation step, intents).

test.beforeEach(async ({ context, baseURL }) => {
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
});

function png(colour: string) {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

test("an admin creates a product with images and sizes and finds it in the shop", async ({ page, javaScriptEnabled: js }) => {
  // Some forty steps, each a full page load without JavaScript: past 30 s on a loaded CI machine.
  test.setTimeout(90_000);
  const name = `Admin panjabi ${uniqueTag()}`;
  await page.goto("/admin/productlist");
  await expect(page).toHaveTitle(/Products — Admin/);
  await page.getByRole("link", { name: "Create Product" }).click();
  await expect(page).toHaveURL(/\/admin\/product\/new$/);
  if (js) await expect(page.getByRole("button", { name: "Upload main image" })).toHaveCount(0); // hydrated

  // Uploads first: without JavaScript each upload posts the form and comes back with the draft.
  const uploadMain = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    await page.getByLabel(/Choose a new main image/).setInputFiles(file);
    if (!js) await page.getByRole("button", { name: "Upload main image" }).click();
  };
  const uploadExtra = async (files: { name: string; mimeType: string; buffer: Buffer }[]) => {
    await page.getByLabel(/Add additional images/).setInputFiles(files);
    if (!js) await page.getByRole("button", { name: "Upload additional images" }).click();
  };
  await uploadMain({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("just text") });
  await expect(page.getByText("Only JPEG, PNG, WebP or GIF images are allowed")).toBeVisible();
  await uploadMain({ name: "main.png", mimeType: "image/png", buffer: await png("#9a3412") });
  await expect(page.getByRole("img", { name: "Main image preview" })).toHaveAttribute("src", /^\/images\//);
  await uploadExtra([
    { name: "a.png", mimeType: "image/png", buffer: await png("#1e3a8a") },
    { name: "b.png", mimeType: "image/png", buffer: await png("#166534") },
  ]);
  await expect(page.getByRole("img", { name: /^Additional image \d$/ })).toHaveCount(2);
  const three = await Promise.all(["#111111", "#222222", "#333333"].map(async (c, i) => ({ name: `${i}.png`, mimeType: "image/png", buffer: await png(c) })));
  await uploadExtra(three);
  await expect(page.getByText("You can only upload up to 4 additional images.")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Additional image \d$/ })).toHaveCount(2);
  const second = await page.getByRole("img", { name: "Additional image 2" }).getAttribute("src");
  await page.getByRole("button", { name: "Move image 2 left" }).click();
  await expect(page.getByRole("img", { name: "Additional image 1" })).toHaveAttribute("src", second!);

  for (const [size, qty] of [
    ["M", "5"],
    ["L", "3"],
    ["XL", "1"],
  ]) {
    await page.getByLabel("New size", { exact: true }).fill(size);
    await page.getByLabel("Quantity", { exact: true }).fill(qty);
    await page.getByRole("button", { name: "Add size" }).click();
    await expect(page.getByRole("textbox", { name: /^Size \d$/ }).last()).toHaveValue(size);
  }
  await page.getByRole("button", { name: "Remove size XL" }).click();
  await expect(page.getByRole("textbox", { name: /^Size \d$/ })).toHaveCount(2);
  // A size already listed is refused.
  await page.getByLabel("New size", { exact: true }).fill("m");
  await page.getByRole("button", { name: "Add size" }).click();
  await expect(page.getByText('Size "m" is already listed')).toBeVisible();
  await page.getByLabel("New size", { exact: true }).fill("");

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price (৳)", { exact: true }).fill("1450");
  await page.getByLabel("Brand", { exact: true }).fill("Aarong");
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Hand-stitched cotton panjabi.");
  // A new product is a draft until the admin publishes it.
  await expect(page.getByLabel("Status")).toHaveValue("draft");
  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: "Save" }).first().click();

  // Made on Save, and opened in its editor.
  await expect(page).toHaveURL(/\/admin\/product\/\d+\/edit$/);
  await expect(page.getByRole("status").filter({ hasText: "Product created and published" })).toBeVisible();
  const id = Number(/product\/(\d+)\/edit/.exec(page.url())![1]);
  const saved = await prisma.product.findUniqueOrThrow({
    where: { id },
    include: { sizes: { orderBy: { position: "asc" } }, images: { orderBy: { position: "asc" } } },
  });
  expect(saved).toMatchObject({ name, pricePaisa: 1450_00, brand: "Aarong", status: "active" });
  expect(saved.description).toContain("Hand-stitched cotton panjabi.");
  expect(saved.sizes.map((s) => [s.size, s.quantity])).toEqual([
    ["M", 5],
    ["L", 3],
  ]);
  // Thumbnails show the small variant (?w=400) of the stored URL; the moved image is now first.
  expect(saved.images.map((i) => i.url)).toEqual([second!.replace(/\?.*$/, ""), expect.stringMatching(/^\/images\//)]);

  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const main = page.locator(`img[src^="${saved.image}"]`).first();
  await expect(main).toBeVisible();
  expect(await main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("an admin creates a category and a discount; the shop strikes the old price through", async ({ page, javaScriptEnabled: js }) => {
  const categoryName = `Eid ${uniqueTag()}`;
  await page.goto("/admin/categorylist");
  if (js) {
    await expect(page.locator("#new-category")).toHaveCount(0); // hydrated: the button prompts
    page.once("dialog", (dialog) => void dialog.accept(categoryName));
  } else {
    await page.getByLabel("Category name", { exact: true }).fill(categoryName);
  }
  await page.getByRole("button", { name: "Create Category" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Category created successfully" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: categoryName })).toBeVisible();
  const category = await prisma.category.findFirstOrThrow({ where: { name: categoryName } });
  const product = await createTestProduct({ categoryId: category.id, pricePaisa: 2000_00 });

  await page.goto("/admin/discountlist");
  await page.getByRole("link", { name: "Create Discount" }).click();
  await page.getByRole("button", { name: "Create Discount" }).click();
  await expect(page.getByText("Please select a product or category and enter a discount percentage")).toBeVisible();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: categoryName });
  await page.getByLabel("Percentage", { exact: true }).fill("20");
  await page.getByRole("button", { name: "Create Discount" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Discount created successfully" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `Category(${categoryName})` });
  await expect(row).toContainText("20%");
  await expect(row).toContainText("Active");

  await page.goto(`/product/${product.id}`);
  await expect(page.locator("main s").first()).toContainText("৳2,000.00");
  await expect(page.getByText("৳1,600.00").first()).toBeVisible();
  await expect(page.getByText("20% OFF").first()).toBeVisible();

  await page.goto("/admin/discountlist");
  await row.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByText(`Category(${categoryName})`)).toBeVisible();
  await page.getByLabel("Percentage", { exact: true }).fill("30");
  await page.getByLabel("Active", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Discount updated successfully" })).toBeVisible();
  await expect(row).toContainText("30%");
  await expect(row).toContainText("Inactive");
  await page.goto(`/product/${product.id}`);
  await expect(page.locator("main s")).toHaveCount(0);

  await page.goto("/admin/discountlist");
  await confirmClick(page, js, row.getByRole("button", { name: /^Delete/ }), "Yes, delete discount");
  await expect(page.getByRole("status").filter({ hasText: "Discount deleted" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Category(${categoryName})` })).toHaveCount(0);
});

test("an admin renames and deletes a category; its products move to the default one", async ({ page, javaScriptEnabled: js }) => {
  const category = await createTestCategory();
  const product = await createTestProduct({ categoryId: category.id });
  const renamed = `Renamed ${uniqueTag()}`;
  await page.goto("/admin/categorylist");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "Uncategorized" })
      .getByRole("button", { name: /^Delete/ }),
  ).toHaveCount(0);
  await page.getByRole("link", { name: `Edit ${category.name}` }).click();
  await page.getByLabel("Name", { exact: true }).fill(renamed);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Category updated" })).toBeVisible();

  await confirmClick(page, js, page.getByRole("button", { name: `Delete ${renamed}` }), "Yes, delete category");
  await expect(page.getByRole("status").filter({ hasText: "Category deleted successfully" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: renamed })).toHaveCount(0);
  expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).categoryId).toBe(1);
});

test("an admin finds a product in the list and deletes it after confirming", async ({ page, javaScriptEnabled: js }) => {
  const product = await createTestProduct();
  await page.goto("/admin/productlist");
  await page.getByRole("searchbox", { name: "Search by name or brand" }).fill(product.name);
  await page.getByRole("searchbox", { name: "Search by name or brand" }).press("Enter");
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and our product
  await confirmClick(page, js, page.getByRole("button", { name: `Delete ${product.name}` }), "Yes, delete product");
  await expect(page.getByRole("status").filter({ hasText: "Product deleted" })).toBeVisible();
  await expect(page.getByText("No products found")).toBeVisible();
  expect(await prisma.product.findUnique({ where: { id: product.id } })).toBeNull();
});

test("an admin deletes a footer page after confirming", async ({ page, javaScriptEnabled: js }) => {
  const title = `Returns ${uniqueTag()}`;
  const long = "Exchange within seven days. ".repeat(10);
  await prisma.footerPage.create({ data: { title, description: `<p><strong>${long}</strong></p>` } });
  await page.goto("/admin/footerCreate");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  // The preview is plain text cut at 100 characters.
  await expect(item).toContainText(`${long.slice(0, 100).trimEnd()}…`);
  await expect(item.locator("strong")).toHaveCount(0);

  if (js) {
    await expect(page.locator('input[name="confirmed"]').first()).toBeAttached();
    page.once("dialog", (dialog) => void dialog.dismiss());
    await item.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(item).toBeVisible();
  }
  await confirmClick(page, js, item.getByRole("button", { name: `Delete ${title}` }), "Yes, delete page");
  await expect(page.getByRole("status").filter({ hasText: "Footer page deleted" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  expect(await prisma.footerPage.count({ where: { title } })).toBe(0);
});
