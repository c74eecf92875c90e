import { expect, test, type Page } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";

// Checkout items of the storefront audit (issue 22), JavaScript on and off:
// a flash shown once (item 21) and toasts that never cover a control (item 6).
// The last address prefilled (item 15) is in checkout.spec.ts.

async function addViaCart(page: Page, productId: number, size: string, qty: number) {
  const res = await page.request.post("/cart", { form: { intent: "addToCart", productId, size, qty } });
  expect(res.ok()).toBe(true);
}

async function reachable(page: Page, name: string, role: "button" | "link" | "textbox") {
  const control = page.getByRole(role, { name, exact: true });
  await control.scrollIntoViewIfNeeded();
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

for (const width of [390, 1280]) {
  test(`a cart flash shows once, on the cart, and no shipping field is covered, at ${width} px (items 21 and 6)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const polo = await createTestProduct({ name: `Classic Polo Shirt ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
    const kept = await createTestProduct({ name: `Kept Panjabi ${uniqueTag()}`, sizes: [{ size: "L", quantity: 5 }] });
    await addViaCart(page, polo.id, "M", 1);
    await addViaCart(page, kept.id, "L", 1);
    await page.goto("/cart");
    await page.getByRole("button", { name: `Remove ${polo.name}, size M` }).click();
    const removed = page.getByRole("status").filter({ hasText: `Removed ${polo.name} (size M) from your cart` });
    await expect(removed).toBeVisible();
    await expect(page.getByRole("link", { name: kept.name })).toBeVisible();

    await page.getByRole("link", { name: "Proceed to Checkout" }).first().click();
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.getByRole("heading", { name: "Shipping" })).toBeVisible();
    // Counted at once: a retrying assertion would wait out a toast that closes itself.
    expect(await page.getByText(`Removed ${polo.name}`).count()).toBe(0);
    for (const field of ["Name", "Email Address", "Address", "City", "Postal Code", "Phone"]) {
      expect(await reachable(page, field, "textbox"), `${field} is not covered`).toBe(true);
    }

    // Nor does it come back on the next visit to the cart.
    await page.goto("/cart");
    await expect(page.getByRole("link", { name: kept.name })).toBeVisible();
    await expect(page.getByText(`Removed ${polo.name}`)).toHaveCount(0);
  });

  test(`the flash after creating a discount leaves "Create Discount" uncovered, at ${width} px (item 6)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 844 });
    await signIn(page.context(), baseURL!, await createUser({ isAdmin: true }));
    const product = await createTestProduct({ name: `Toast Discount ${uniqueTag()}` });
    await page.goto("/admin/discount/create");
    await page.getByLabel("Product", { exact: true }).selectOption({ label: product.name });
    await page.getByLabel("Percentage", { exact: true }).fill("15");
    await page.getByRole("button", { name: "Create Discount" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Discount created successfully" })).toBeVisible();
    expect(await reachable(page, "Create Discount", "link")).toBe(true);

    // The next discount: the form's own button is not covered either.
    await page.getByRole("link", { name: "Create Discount" }).click();
    await expect(page.getByRole("heading", { name: "Create Discount" })).toBeVisible();
    expect(await page.getByText("Discount created successfully").count()).toBe(0);
    expect(await reachable(page, "Create Discount", "button")).toBe(true);
  });
}
