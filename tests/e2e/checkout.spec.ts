import { shortDate } from "~/utils/dates";

import { expect, test } from "../support/fixtures";

import { product, addFromProductPage, addViaCart, fillShipping, summary } from "../support/checkout-steps";
import { createUser, signIn } from "../support/auth";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// Cart, checkout and orders in the browser, with JavaScript on and off
// (projects js-on / js-off). Each test makes its own products, so stock
// changes never collide with other tests.

test("guest: product page to a placed order, with server totals", async ({ page }) => {
  // The whole walk, product page to order: past 30 s on a loaded 2-core CI machine (it ended at its last step).
  test.setTimeout(90_000);
  const p = await product(45.5, [
    { size: "S", quantity: 3 },
    { size: "M", quantity: 5 },
  ]);
  await addFromProductPage(page, p.id, "M", 2);

  await expect(page).toHaveTitle(/Shopping Cart/);
  await expect(page.getByRole("link", { name: p.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Subtotal (2 items)" })).toBeVisible();
  await expect(page.getByTestId("cart-subtotal")).toHaveText("৳91.00");
  await expect(page.getByLabel("2 items in cart", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();

  // Shipping: nothing filled in → an error next to every required field.
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByRole("navigation", { name: "Checkout steps" })).toContainText("Place Order");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Address is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByLabel("Address", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/shipping$/);
  await fillShipping(page, { guest: true });

  await expect(page.getByLabel("Cash on Delivery", { exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByText("House 3, Lake Road, Dhanmondi, Dhaka 1209")).toBeVisible();
  await expect(page.getByText("Method: Cash on Delivery")).toBeVisible();
  await expect(page.getByText("2 x ৳45.50")).toBeVisible();
  await expect(summary(page, "items")).toHaveText("৳91.00");
  await expect(summary(page, "shipping")).toHaveText("৳10.00");
  await expect(summary(page, "tax")).toHaveText("৳13.65");
  await expect(summary(page, "total")).toHaveText("৳114.65");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Thank you! Your order has been placed.")).toBeVisible();
  await expect(page.getByText("Name: Nusrat Jahan")).toBeVisible();
  // The browser that placed it sees the contact in full, to catch a typo (issue 41 item 1); the
  // link alone shows it masked, as the proof for cancelling (issue 27 item 7: order-messages.spec.ts).
  await expect(page.getByText("Email: nusrat@example.com")).toBeVisible();
  await expect(page.getByText("Phone: 01711223344")).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your order" })).toContainText("017•••••344");
  await expect(page.getByText("Not Delivered")).toBeVisible();
  await expect(page.getByText("Not Paid")).toBeVisible();
  await expect(summary(page, "total")).toHaveText("৳114.65");
  await expect(page.getByRole("button", { name: "Mark As Paid" })).toHaveCount(0);

  const stock = await prisma.productSize.findUniqueOrThrow({ where: { productId_size: { productId: p.id, size: "M" } } });
  expect(stock.quantity).toBe(3);
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("signed in: checkout uses the account's name and the order shows in the profile", async ({ page, baseURL }) => {
  const user = await createUser();
  await signIn(page.context(), baseURL!, user);
  const p = await product(120, [{ size: "L", quantity: 4 }], "Kurti");
  await addFromProductPage(page, p.id, "L", 1);
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveCount(0); // the account's e-mail is used
  await fillShipping(page, { guest: false });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(`Name: ${user.name}`)).toBeVisible();
  await expect(summary(page, "shipping")).toHaveText("৳0.00");
  await expect(summary(page, "total")).toHaveText("৳138.00");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop()!;
  await expect(page.getByRole("link", { name: user.email })).toBeVisible();
  const { orderNumber } = (await (await page.request.get(`/api/orders/${id}`)).json()) as { orderNumber: string };
  await page.goto("/profile");
  // The table shows the short number people quote; its Details link still goes by the UUID.
  const row = page.getByRole("row", { name: new RegExp(`\\b${orderNumber}\\b`) });
  await expect(row).toContainText("৳138.00");
  // The date as people write it, "27 Nov 2026", on the Dhaka day (issue 41 item 5).
  await expect(row).toContainText(shortDate(new Date()));
  await expect(row.getByRole("cell", { name: /^\d{1,2} [A-Z][a-z]{2} \d{4}$/ })).toHaveCount(1);
  await row.getByRole("link", { name: "Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
});

test("signed in: the shipping form is filled in from the last order's address, and the shopper's changes win (audit item 15)", async ({ page, baseURL }) => {
  const p = await product(120, [{ size: "L", quantity: 9 }], "Shirt");
  // Before any order: an empty form, no note.
  const first = await createUser();
  await signIn(page.context(), baseURL!, first);
  await addViaCart(page, p.id, "L", 1);
  await page.goto("/shipping");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("");
  await expect(page.getByText(/Filled in from your last order/)).toHaveCount(0);

  const user = await createUser();
  const older = await createTestOrder({ lines: [{ product: p, size: "L", qty: 1 }], userId: user.id, address: "Old Road 1" });
  await prisma.order.update({ where: { id: older.id }, data: { createdAt: new Date(Date.now() - 86_400_000) } });
  const last = await createTestOrder({ lines: [{ product: p, size: "L", qty: 1 }], userId: user.id, address: "House 9, Gulshan Avenue", phone: "01819000111" });
  await prisma.order.update({ where: { id: last.id }, data: { city: "Chattogram", postalCode: "4000", deliveryLabel: "Office" } });
  await page.context().clearCookies();
  await signIn(page.context(), baseURL!, user);
  await addViaCart(page, p.id, "L", 1);
  await page.goto("/shipping");
  await expect(page.getByText("Filled in from your last order. Change anything that is different this time.")).toBeVisible();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("House 9, Gulshan Avenue");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Chattogram");
  await expect(page.getByLabel("Postal Code", { exact: true })).toHaveValue("4000");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("01819000111");
  await expect(page.getByLabel("Office", { exact: true })).toBeChecked();

  await page.getByLabel("City", { exact: true }).fill("Sylhet");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.goto("/shipping");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Sylhet");
  await expect(page.getByText(/Filled in from your last order/)).toHaveCount(0);
});
