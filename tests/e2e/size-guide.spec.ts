import { expect, test } from "../support/fixtures";

import { adminPage } from "../support/admin-mail";
import { createTestCategory, createTestProduct } from "../support/catalogue";
import { shot } from "../support/shots";

// A category's size guide (issue 38), JavaScript on and off: the admin writes it in English and
// Bangla, a shopper opens it from the product page by a plain link.

const js = () => test.info().project.name === "js-on";

test("the admin writes a size guide; the product page opens it in English and Bangla", async ({ browser, baseURL }) => {
  const category = await createTestCategory();
  const product = await createTestProduct({ categoryId: category.id });
  const admin = await adminPage(browser, baseURL!, js());
  await admin.goto(`/admin/category/${category.id}/edit`);
  await admin.getByRole("link", { name: "Size guide →" }).click();
  // A line with a cell missing is refused, with the line named.
  await admin.getByLabel("Size guide (English)").fill("Size | Chest (cm) | Chest (in)\nM | 102");
  await admin.getByRole("button", { name: "Save size guide" }).click();
  await expect(admin.getByText("Size guide: line 2 has 2 cells, the header has 3")).toBeVisible();
  await admin.getByLabel("Size guide (English)").fill("Size | Chest (cm) | Chest (in)\nM | 102 | 40\nL | 107 | 42");
  await admin.getByLabel("Size guide (Bangla)").fill("সাইজ | বুক (সেমি) | বুক (ইঞ্চি)\nM | ১০২ | ৪০\nL | ১০৭ | ৪২");
  await admin.getByRole("button", { name: "Save size guide" }).click();
  await expect(admin.getByText("Size guide saved")).toBeVisible();

  await admin.goto(`/product/${product.id}`);
  await admin.getByRole("link", { name: "Size guide" }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Size guide: ${category.name}`);
  await expect(admin.getByRole("columnheader", { name: "Chest (in)" })).toBeVisible();
  await expect(admin.getByRole("row", { name: "L 107 42" })).toBeVisible();
  await shot(admin, "size-guide-en", js());

  await admin.goto(`/bn/product/${product.id}`);
  await admin.getByRole("link", { name: "সাইজ গাইড" }).click();
  await expect(admin).toHaveURL(new RegExp(`/bn/size-guide/${category.id}$`));
  await expect(admin.getByRole("columnheader", { name: "বুক (ইঞ্চি)" })).toBeVisible();
  await expect(admin.getByRole("row", { name: "M ১০২ ৪০" })).toBeVisible();
  await shot(admin, "size-guide-bn", js());
});
