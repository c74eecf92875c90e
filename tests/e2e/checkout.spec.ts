import { expect, test, type Page } from "../support/fixtures";

import { createUser, sessionCookieFor, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// Cart, checkout and orders in the browser, with JavaScript on and off
// (projects js-on / js-off). Each test makes its own products, so stock
// changes never collide with other tests.

const jsOn = () => test.info().project.name === "js-on";

async function product(priceTaka: number, sizes: { size: string; quantity: number }[], label = "Panjabi") {
  return createTestProduct({ name: `E2E ${label} ${uniqueTag()}`, pricePaisa: Math.round(priceTaka * 100), sizes });
}

/** Add To Cart on the product page (another engineer's), which lands on /cart. */
async function addFromProductPage(page: Page, productId: number, size: string, qty: number) {
  await page.goto(`/product/${productId}`);
  await page.getByText(size, { exact: true }).click();
  await page.getByLabel("Quantity", { exact: true }).fill(String(qty));
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/** Quick cart setup for tests that are not about the product page: the cart's own add action. */
async function addViaCart(page: Page, productId: number, size: string, qty: number) {
  const res = await page.request.post("/cart", { form: { intent: "addToCart", productId, size, qty } });
  expect(res.ok()).toBe(true);
}

async function fillShipping(page: Page, { guest }: { guest: boolean }) {
  await page.goto("/shipping");
  if (guest) {
    await page.getByLabel("Name", { exact: true }).fill("Nusrat Jahan");
    await page.getByLabel("Email Address", { exact: true }).fill("nusrat@example.com");
  }
  await page.getByLabel("Address", { exact: true }).fill("House 3, Lake Road, Dhanmondi");
  await page.getByLabel("City", { exact: true }).fill("Dhaka");
  await page.getByLabel("Postal Code", { exact: true }).fill("1209");
  await page.getByLabel("Phone", { exact: true }).fill("01711223344");
  await page.getByLabel("Office", { exact: true }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

const summary = (page: Page, what: "items" | "shipping" | "tax" | "total") => page.getByTestId(`summary-${what}`);

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
  // The link alone shows the buyer's contact masked: it is the proof for cancelling (issue 27 item 7).
  await expect(page.getByText("Email: n•••@example.com")).toBeVisible();
  await expect(page.getByText("Phone: 017•••••344")).toBeVisible();
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
  await expect(row).toContainText(new Date().toISOString().slice(0, 10));
  await row.getByRole("link", { name: "Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
});

test("signed in: the shipping form is filled in from the last order's address, and the shopper's changes win (audit item 15)", async ({
  page,
  baseURL,
}) => {
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
  const [first, second] = await Promise.all([
    page.request.post("/placeorder", { form }),
    page.request.post("/placeorder", { form }),
  ]);
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

  const today = new Date().toISOString().slice(0, 10);
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
