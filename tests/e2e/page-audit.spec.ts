import { expect, test } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";

// Findings of the page audit: phone layouts and odd URLs, JavaScript on and off.

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // Wide admin tables scroll inside their card; screen-reader-only cell text
  // used to escape that scroller and widen the whole page sideways. Orders and
  // users are cards on a phone (issue 28 item 6): nothing to scroll at all.
  for (const [path, role, name] of [
    ["/admin/productlist", "table", undefined],
    ["/admin/orderlist", "list", "Orders"],
    ["/admin/userlist", "list", "Users"],
    ["/admin/discountlist", "table", undefined],
  ] as const) {
    test(`${path} does not scroll the page sideways`, async ({ page, context, baseURL }) => {
      await signIn(context, baseURL!, await createUser({ isAdmin: true }));
      await page.goto(path);
      await expect(page.getByRole(role, { name }).first()).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  }
});

test("odd URLs answer with a page, never a server error", async ({ page }) => {
  for (const [path, status] of [
    ["/product/abc", 404],
    ["/category/abc", 404],
    ["/order/not-an-id", 404],
    ["/footer-info/abc", 404],
    ["/page/0", 200],
    ["/page/999", 200],
    ["/search/%25", 200],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await expect(page.getByRole("link", { name: "TanaBana" }).first()).toBeVisible();
  }
  await page.goto("/page/999");
  await expect(page.getByText("No products found.")).toBeVisible();
});

test("the Admin menu opens, and closes again on a click outside or after choosing an entry", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  await page.goto("/");
  const adminMenu = () => page.locator("header details").filter({ has: page.locator('a[href="/admin/productlist"]') });
  const menu = adminMenu();
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Products" })).toBeVisible();
  if (javaScriptEnabled) {
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await expect(menu.getByRole("link", { name: "Products" })).toBeHidden();
    await menu.locator("summary").click();
  }
  await menu.getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/admin\/productlist$/);
  await expect(adminMenu().getByRole("link", { name: "Products" })).toBeHidden();
});

test("the cart fits a phone screen, with its Update button when JavaScript is off", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/product/1");
  await page.locator("label", { hasText: /^M$/ }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("button", { name: /^Remove/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
