import { expect, test, type Page } from "@playwright/test";

import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// Checkout items of the storefront audit (issue 22), JavaScript on and off:
// the last address prefilled (item 15), a flash shown once (item 21) and
// toasts that never cover a control (item 6).

async function addViaCart(page: Page, productId: number, size: string, qty: number) {
  const res = await page.request.post("/cart", { form: { intent: "addToCart", productId, size, qty } });
  expect(res.ok()).toBe(true);
}

test("a returning shopper finds the last order's address filled in, and can change it (item 15)", async ({ page, baseURL }) => {
  const shopper = await createUser();
  const p = await createTestProduct({ name: `Prefill Panjabi ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
  const older = await createTestOrder({ userId: shopper.id, lines: [{ product: p, size: "M", qty: 1 }], address: "Old Flat, Mirpur 10" });
  await prisma.order.update({ where: { id: older.id }, data: { createdAt: new Date(Date.now() - 86_400_000) } });
  const last = await createTestOrder({ userId: shopper.id, lines: [{ product: p, size: "M", qty: 1 }], address: "Level 4, 22 Gulshan Avenue", phone: "01811223344" });
  await prisma.order.update({ where: { id: last.id }, data: { city: "Chattogram", postalCode: "4000", deliveryLabel: "Office" } });

  await signIn(page.context(), baseURL!, shopper);
  await addViaCart(page, p.id, "M", 1);
  await page.goto("/shipping");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Level 4, 22 Gulshan Avenue");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Chattogram");
  await expect(page.getByLabel("Postal Code", { exact: true })).toHaveValue("4000");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("01811223344");
  await expect(page.getByLabel("Office", { exact: true })).toBeChecked();

  // The shopper changes it; what they typed in this checkout wins from then on.
  await page.getByLabel("City", { exact: true }).fill("Sylhet");
  await page.getByLabel("Home", { exact: true }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.goto("/shipping");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Sylhet");
  await expect(page.getByLabel("Home", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Level 4, 22 Gulshan Avenue");
});

test("a shopper without past orders gets an empty address form", async ({ page, baseURL }) => {
  const shopper = await createUser();
  const p = await createTestProduct({ name: `Prefill Tee ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
  await signIn(page.context(), baseURL!, shopper);
  await addViaCart(page, p.id, "M", 1);
  await page.goto("/shipping");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("");
});
