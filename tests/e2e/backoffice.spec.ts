import { expect, test } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// The back office: dashboard, admin layout, order operations. Run with
// JavaScript on and off.

const stockOf = async (productId: number, size: string) =>
  (await prisma.productSize.findUniqueOrThrow({ where: { productId_size: { productId, size } } })).quantity;

test("the dashboard shows the orders chart and exactly the low sizes, linked to the editor", async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  const name = `Dashboard kurti ${uniqueTag()}`;
  const product = await createTestProduct({
    name,
    sizes: [
      { size: "S", quantity: 0 },
      { size: "M", quantity: 2 },
      { size: "L", quantity: 4 },
    ],
  });
  await page.goto("/admin");
  await expect(page).toHaveTitle(/Dashboard — Admin/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  // Rendered on the server: present with JavaScript off too.
  const chart = page.getByRole("img", { name: /Orders placed and paid per day, last 30 days/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("g[data-date]")).toHaveCount(30);
  await expect(page.getByText("Last 30 days", { exact: true })).toBeVisible();
  // COD: the value of orders placed beside the revenue already paid, each labelled.
  const today = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Today" }) });
  await expect(today.getByRole("term")).toHaveText(["Orders placed", "Paid revenue"]);

  const low = page.getByRole("region", { name: /Low stock/ });
  const rows = low.getByRole("row").filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ has: page.getByRole("cell", { name: "S", exact: true }) })).toContainText("Sold out");
  await expect(rows.filter({ has: page.getByRole("cell", { name: "M", exact: true }) })).toContainText("2");
  await expect(rows.filter({ has: page.getByRole("cell", { name: "L", exact: true }) })).toHaveCount(0);
  await rows.first().getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/product/${product.id}/edit$`));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the admin layout has a menu instead of the shop's header and never scrolls sideways", async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, await createUser({ isAdmin: true }));
    for (const path of ["/admin", "/admin/orderlist", "/admin/productlist", "/admin/discountlist"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByPlaceholder("Search Products...")).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Categories" })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Admin menu" });
    await menu.getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/orderlist$/);
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    await page.getByText("Menu", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute("aria-current", "page");
    await menu.getByRole("link", { name: "View shop" }).click();
    await expect(page.getByPlaceholder("Search Products...")).toBeVisible();
  });
});

test("an admin opens an order from the list in the back office: buyer's phone, actions and timeline, no shopper wording", async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await createUser({ isAdmin: true });
  await signIn(context, baseURL!, admin);
  const tag = uniqueTag();
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 3 }] });
  const order = await createTestOrder({ name: `Admin view ${tag}`, phone: "01812345678", lines: [{ product, size: "M", qty: 1 }] });
  await page.goto(`/admin/orderlist?keyword=${tag}`);
  await page.getByRole("link", { name: `Details of order TB-${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order/${order.id}$`));
  await expect(page).toHaveTitle(/Admin/);
  await expect(page.getByRole("heading", { name: `Order TB-${order.number}`, level: 1 })).toBeVisible();
  // The back-office layout, not the shop's: no shop search, no shopper wording.
  await expect(page.getByPlaceholder("Search Products...")).toHaveCount(0);
  await expect(page.getByText(/We call or text you/)).toHaveCount(0);
  const buyer = page.getByRole("region", { name: "Buyer" });
  await expect(buyer.getByRole("link", { name: "01812345678" })).toHaveAttribute("href", "tel:01812345678");
  await expect(page.getByRole("link", { name: "Packing slip" })).toHaveAttribute("href", `/admin/order/${order.id}/slip`);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Placed");

  await page.getByRole("button", { name: "Mark As Paid" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order/${order.id}$`));
  await expect(page.getByText("Order marked as paid")).toBeVisible();
  await expect(page.getByRole("region", { name: "Status" })).toContainText("Paid on");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(`by ${admin.name}`);
  await page.getByRole("button", { name: "Mark As Delivered" }).click();
  await expect(page.getByRole("region", { name: "Status" })).toContainText("Delivered on");
  await expect(page.getByRole("button", { name: "Mark As Delivered" })).toHaveCount(0);
});

test("an admin cancels an order with a reason: the stock comes back and the order cannot be paid or cancelled again", async ({ page, context, baseURL }) => {
  const admin = await createUser({ isAdmin: true });
  await signIn(context, baseURL!, admin);
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 3 }] });
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 2 }] });
  await page.goto(`/order/${order.id}`);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Placed");
  await page.getByText("Cancel this order").click();
  await page.getByLabel("Reason", { exact: true }).selectOption({ label: "Refused at the door" });
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Order cancelled")).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Cancelled: Refused at the door");
  await expect(timeline).toContainText(`by ${admin.name}`);
  await expect(page.getByRole("button", { name: "Mark As Paid" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  expect(await stockOf(product.id, "M")).toBe(5);

  // A second cancel (another tab, the API) is refused and changes nothing.
  const again = await page.request.put(`/api/orders/${order.id}/cancel`, { data: { reason: "other" } });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ message: "This order is already cancelled" });
  const paid = await page.request.put(`/api/orders/${order.id}/pay`);
  expect(paid.status()).toBe(409);
  expect(await stockOf(product.id, "M")).toBe(5);

  await page.getByRole("link", { name: "← Back to orders" }).click();
  await page.getByRole("navigation", { name: "Filter orders" }).getByRole("link", { name: "Cancelled" }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByRole("row", { name: new RegExp(`\\bTB-${order.number}\\b`) })).toContainText("Cancelled");
});
