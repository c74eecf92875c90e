import { expect, test } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { expectVisibleFocus, skipToContent, tabTo } from "../support/keyboard";

// Keyboard-only shopping: every step reachable with Tab, Space, Enter and the
// arrow keys, and the focused control always visible. JavaScript on and off.

test("header menus open and lead on with the keyboard", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const admin = await createUser({ isAdmin: true });
  await signIn(context, baseURL!, admin);
  await page.goto("/");
  const header = page.getByRole("banner");
  const account = header.locator("summary").filter({ hasText: admin.name });
  await tabTo(page, account);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  const profile = header.getByRole("link", { name: "Profile", exact: true });
  await expect(profile).toBeVisible();
  if (javaScriptEnabled) {
    await page.keyboard.press("Escape");
    await expect(profile).toBeHidden();
    await page.keyboard.press("Enter");
  }
  await tabTo(page, profile);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/profile$/);

  const adminMenu = header.locator("summary").filter({ hasText: /^Admin/ });
  await tabTo(page, adminMenu);
  await page.keyboard.press("Space");
  const orders = header.getByRole("link", { name: "Orders", exact: true });
  await tabTo(page, orders);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orderlist$/);
});

test("size, quantity, cart and the whole checkout by keyboard alone", async ({ page, javaScriptEnabled }) => {
  // Four pages and some thirty key presses: on a loaded CI machine this walk
  // alone took over 30 s with JavaScript off (every step is a full page load).
  test.setTimeout(90_000);
  const p = await createTestProduct({
    name: `Keyboard Kurti ${uniqueTag()}`,
    pricePaisa: 800_00,
    sizes: [
      { size: "S", quantity: 0 },
      { size: "M", quantity: 5 },
      { size: "L", quantity: 3 },
    ],
  });
  await page.goto(`/product/${p.id}`);
  await skipToContent(page);

  // Sizes: Tab into the group, arrows move between the sizes in stock.
  const m = page.getByRole("radio", { name: "M", exact: true });
  await tabTo(page, m);
  await expectVisibleFocus(page);
  await page.keyboard.press("Space");
  await expect(m).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "L", exact: true })).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(m).toBeChecked();

  // Quantity: the + button with JavaScript, typing into the field either way.
  const qty = page.getByLabel("Quantity", { exact: true });
  if (javaScriptEnabled) {
    const more = page.getByRole("button", { name: "One more" });
    await tabTo(page, more);
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    await expect(qty).toHaveValue("2");
  } else {
    await tabTo(page, qty);
    await expectVisibleFocus(page);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("2");
  }
  const add = page.getByRole("button", { name: "Add To Cart" });
  await tabTo(page, add);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Subtotal (2 items)" })).toBeVisible();

  // Cart → shipping.
  await skipToContent(page);
  const proceed = page.getByRole("link", { name: "Proceed to Checkout" });
  await tabTo(page, proceed);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/shipping$/);

  // Shipping: type into each field in order, choose Office with the arrow keys, submit with Enter.
  const fields: [string, string][] = [
    ["Name", "Keyboard Shopper"],
    ["Email Address", `kb-${uniqueTag()}@example.com`],
    ["Address", "Road 7, Banani"],
    ["City", "Dhaka"],
    ["Postal Code", "1213"],
    ["Phone", "01711000000"],
  ];
  for (const [label, value] of fields) {
    const field = page.getByLabel(label, { exact: true });
    await tabTo(page, field);
    await expectVisibleFocus(page);
    await page.keyboard.type(value);
  }
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Home", { exact: true })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByLabel("Office", { exact: true })).toBeChecked();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payment$/);

  const proceedPayment = page.getByRole("button", { name: "Continue" });
  await tabTo(page, proceedPayment);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/placeorder$/);

  const place = page.getByRole("button", { name: "Place Order" });
  await tabTo(page, place);
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order TB-\d+$/);
});

test("every control on the way through the shop shows the keyboard focus", async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of ["/", "/product/1", "/login"]) {
    await page.goto(path);
    // The first 40 stops cover the header, the category bar and the main content's controls.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const onPage = await page.evaluate(() => document.activeElement !== document.body);
      if (!onPage) break;
      await expectVisibleFocus(page);
    }
  }
});
