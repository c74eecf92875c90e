import { shortDate } from "~/utils/dates";

import { expect, test } from "../support/fixtures";

import { jsOn, product, addViaCart, fillShipping, summary } from "../support/checkout-steps";
import { createUser, sessionCookieFor, signIn } from "../support/auth";
import { prisma } from "../support/db";

// The cart, the checkout's guards (empty cart, price change, double submit)
// and the admin's paid/delivered steps, with JavaScript on and off. The way
// from product to placed order is in checkout.spec.ts.

test("cart: change a quantity, remove a line, see notes for what is gone", async ({ page }) => {
  const a = await product(100, [{ size: "M", quantity: 6 }], "Shirt");
  const b = await product(30, [{ size: "32", quantity: 2 }], "Jeans");
  const c = await product(10, [{ size: "Free Size", quantity: 2 }], "Scarf");
  await addViaCart(page, a.id, "M", 1);
  await addViaCart(page, b.id, "32", 2);
  await addViaCart(page, c.id, "Free Size", 1);
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Subtotal (4 items)" })).toBeVisible();
  await expect(page.getByTestId("cart-subtotal")).toHaveText("৳170.00");

  const qtyA = page.getByLabel(`Quantity of ${a.name}, size M`);
  await expect(qtyA.locator("option")).toHaveCount(6); // 1..stock of that size
  if (jsOn()) {
    // Once hydrated the select submits on change and the fallback button goes away.
    await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
    await qtyA.selectOption("3");
  } else {
    await qtyA.selectOption("3");
    await page.getByRole("listitem").filter({ hasText: a.name }).getByRole("button", { name: "Update" }).click();
  }
  await expect(page.getByTestId("cart-subtotal")).toHaveText("৳370.00");
  await expect(page.getByLabel("6 items in cart", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Remove ${b.name}, size 32` }).click();
  await expect(page.getByRole("link", { name: b.name })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Subtotal (4 items)" })).toBeVisible();
  await expect(page.getByTestId("cart-subtotal")).toHaveText("৳310.00");

  // The scarf sells out elsewhere: shown as unavailable, and checkout waits until it is removed.
  await prisma.productSize.update({ where: { productId_size: { productId: c.id, size: "Free Size" } }, data: { quantity: 0 } });
  await page.reload();
  await expect(page.getByText("Size Free Size is out of stock.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();
  await page.getByRole("button", { name: `Remove ${c.name}, size Free Size` }).click();
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
  await expect(page.getByTestId("cart-subtotal")).toHaveText("৳300.00");
});

test("empty cart and empty order", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  // Nothing to check out: the button is gone, not just disabled (issue 10).
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toHaveCount(0);
  // Every checkout step with nothing to order goes to the cart and its empty state (issue 22, item 23).
  for (const step of ["/shipping", "/payment", "/placeorder"]) {
    await page.goto(step);
    await expect(page, step).toHaveURL(/\/cart$/);
    await expect(page.getByText("Your cart is empty")).toBeVisible();
  }
  await expect(page.getByText("৳10.00")).toHaveCount(0);
  await page.getByRole("link", { name: "Continue Shopping" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a price change before Place Order is shown and nothing is ordered", async ({ page }) => {
  const p = await product(50, [{ size: "M", quantity: 5 }], "Saree");
  await addViaCart(page, p.id, "M", 1);
  await fillShipping(page, { guest: true });
  await page.goto("/placeorder");
  await expect(summary(page, "total")).toHaveText("৳67.50");
  await prisma.product.update({ where: { id: p.id }, data: { pricePaisa: 60_00 } });
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page.getByRole("alert")).toContainText("Prices have changed, please review your order");
  await expect(page.getByRole("alert")).toContainText("The total was ৳67.50 and is now ৳79.00");
  await expect(page).toHaveURL(/\/placeorder$/);
  expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(0);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(summary(page, "total")).toHaveText("৳79.00");
});

test("submitting the same checkout twice places one order", async ({ page }) => {
  const p = await product(40, [{ size: "L", quantity: 5 }], "Lungi");
  await addViaCart(page, p.id, "L", 2);
  await fillShipping(page, { guest: true });
  await page.goto("/placeorder");
  const form = {
    totalPrice: await page.locator('input[name="totalPrice"]').inputValue(),
    checkoutId: await page.locator('input[name="checkoutId"]').inputValue(),
  };
  // A double click without JavaScript: the browser sends the same form twice.
  const [first, second] = await Promise.all([page.request.post("/placeorder", { form }), page.request.post("/placeorder", { form })]);
  expect(first.url()).toMatch(new RegExp(`/order/${form.checkoutId}$`));
  expect(second.url()).toBe(first.url());
  expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(1);
  const stock = await prisma.productSize.findUniqueOrThrow({ where: { productId_size: { productId: p.id, size: "L" } } });
  expect(stock.quantity).toBe(3);
});

test("admin marks an order paid and delivered; other shoppers get a 404", async ({ page, baseURL, request }) => {
  const p = await product(20, [{ size: "S", quantity: 3 }], "Tee");
  const [owner, admin, stranger] = await Promise.all([createUser(), createUser({ isAdmin: true }), createUser()]);
  const created = await request.post("/api/orders", {
    headers: { Cookie: await sessionCookieFor(owner) },
    data: {
      orderItems: [{ product: p.id, qty: 1, selectedSize: "S" }],
      shippingAddress: { address: "Road 1", city: "Sylhet", postalCode: "3100", phone: "01900000000", deliveryLabel: "Home" },
      paymentMethod: "Cash on Delivery",
    },
  });
  expect(created.status()).toBe(201);
  const { id, orderNumber } = (await created.json()) as { id: string; orderNumber: string };
  const byNumber = new RegExp(`\\b${orderNumber}\\b`);

  await signIn(page.context(), baseURL!, stranger);
  const res = await page.goto(`/order/${id}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page.context(), baseURL!, admin);
  // Other tests place orders at the same time: search for this buyer's, so paging cannot hide it.
  await page.goto("/admin/orderlist?status=unpaid");
  const search = page.getByRole("searchbox", { name: "Search by order ID, name, e-mail or phone" });
  await search.fill(owner.email);
  await search.press("Enter");
  await expect(page).toHaveURL(/status=unpaid/); // the filter survives a search
  await expect(page.getByRole("row")).toHaveCount(2); // the head and this order
  const row = page.getByRole("row", { name: byNumber });
  await expect(row).toContainText(owner.name);
  await expect(row).toContainText("৳33.00");
  await row.getByRole("link", { name: /Details/ }).click();
  // The back office's own order view (issue 22, item 2).
  await expect(page).toHaveURL(new RegExp(`/admin/order/${id}$`));

  // Today in Dhaka, written as people write it: "27 Nov 2026" (issue 41 item 5).
  const today = shortDate(new Date());
  expect(today).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await page.getByRole("button", { name: "Mark As Paid" }).click();
  await expect(page.getByText(`Paid on ${today}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark As Paid" })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark As Delivered" }).click();
  await expect(page.getByText(`Delivered on ${today}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark As Delivered" })).toHaveCount(0);
  // The admin finds an order by the number a buyer quotes on the phone.
  await page.goto(`/admin/orderlist?keyword=${encodeURIComponent(orderNumber)}`);
  await expect(page.getByRole("row")).toHaveCount(2);
  const settled = page.getByRole("row", { name: byNumber });
  await expect(settled).not.toContainText("✗");
  // Settled orders leave the "still to do" filters.
  const filters = page.getByRole("navigation", { name: "Filter orders" });
  await filters.getByRole("link", { name: "Not delivered" }).click();
  await expect(page).toHaveURL(/status=undelivered/);
  await expect(filters.getByRole("link", { name: "Not delivered" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No orders found")).toBeVisible();
  await expect(settled).toHaveCount(0);
  await filters.getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL(/\/admin\/orderlist\?keyword=[^&]+$/);
  await expect(settled).toHaveCount(1);
});
