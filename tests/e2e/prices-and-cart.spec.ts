import { expect, test, type Page } from "../support/fixtures";

import bnCart from "../../app/locales/bn/cart.json" with { type: "json" };
import { createUser } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { setCookie, shopperCookie } from "../support/shop";

// Issue 28 items 7, 8 and 21: the 15 % VAT is said where prices are read (the
// product's price, the cart's subtotal), the About page no longer promises
// otherwise, and every cart line shows its own total. JavaScript on and off
// (projects js-on / js-off), on a phone and a desktop.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
];

/** Nothing on the page runs past the right edge (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** `inner` lies within `outer`, left to right. */
async function expectInside(inner: ReturnType<Page["locator"]>, outer: ReturnType<Page["locator"]>) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b).toBeTruthy();
  expect(a!.x).toBeGreaterThanOrEqual(b!.x - 1);
  expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + b!.width + 1);
}

for (const vp of VIEWPORTS) {
  test(`the product page says VAT is added at checkout, under the price (${vp.name})`, async ({ page }) => {
    await page.setViewportSize(vp);
    const product = await createTestProduct({ name: `VAT Kurti ${uniqueTag()}`, pricePaisa: 1299_50 });
    await page.goto(`/product/${product.id}`);
    const price = page.getByText("৳1,299.50", { exact: true }).first();
    const note = page.getByTestId("tax-note");
    await expect(note).toHaveText("+15 % VAT, added at checkout");
    // Right under the price, where the shopper reads it.
    const [p, n] = [await price.boundingBox(), await note.boundingBox()];
    expect(n!.y).toBeGreaterThan(p!.y);
    expect(n!.y - (p!.y + p!.height)).toBeLessThan(24);
    await expectNoSidewaysScroll(page);

    await page.goto(`/bn/product/${product.id}`);
    await expect(page.getByTestId("tax-note")).toHaveText("+১৫% ভ্যাট, চেকআউটে যোগ হবে");
  });

  test(`cart lines show their totals, the subtotal says what checkout adds (${vp.name})`, async ({ page, context, baseURL }) => {
    await page.setViewportSize(vp);
    const kurti = await createTestProduct({ name: `Line Kurti ${uniqueTag()}`, pricePaisa: 123_45, sizes: [{ size: "M", quantity: 9 }] });
    const saree = await createTestProduct({
      name: `Line Saree With A Rather Long Name ${uniqueTag()}`,
      pricePaisa: 2500_00,
      sizes: [{ size: "Free Size", quantity: 2 }],
    });
    const cookie = await shopperCookie(await createUser(), {
      cart: [
        { productId: kurti.id, size: "M", qty: 3 },
        { productId: saree.id, size: "Free Size", qty: 1 },
      ],
    });
    await setCookie(context, baseURL!, cookie);
    await page.goto("/cart");

    const rows = page.getByRole("list", { name: "Cart items" }).getByRole("listitem");
    const kurtiRow = rows.filter({ hasText: kurti.name });
    const sareeRow = rows.filter({ hasText: saree.name });
    // 3 × ৳123.45 = ৳370.35, in exact paisa.
    await expect(kurtiRow.getByTestId("cart-line-total")).toHaveText("Line total: ৳370.35");
    await expect(sareeRow.getByTestId("cart-line-total")).toHaveText("Line total: ৳2,500.00");
    await expect(kurtiRow.getByTestId("cart-line-total").getByText("৳370.35")).toBeVisible();
    await expectInside(kurtiRow.getByTestId("cart-line-total"), kurtiRow);
    await expectInside(sareeRow.getByTestId("cart-line-total"), sareeRow);

    await expect(page.getByTestId("cart-subtotal")).toHaveText("৳2,870.35");
    await expect(page.getByTestId("tax-note")).toHaveText("+15 % VAT, added at checkout");
    await expect(page.getByTestId("delivery-note")).toHaveText("Delivery ৳10.00, free when the items come to more than ৳100.00");
    await expectNoSidewaysScroll(page);

    await page.goto("/bn/cart");
    // "সাবটোটাল", not "পণ্যের দাম (৪টি পণ্য)", which said পণ্য twice (item 21).
    await expect(page.getByRole("heading", { name: "সাবটোটাল (৪টি পণ্য)" })).toBeVisible();
    const bnRows = page.getByRole("list", { name: bnCart.page.items }).getByRole("listitem");
    await expect(bnRows.filter({ hasText: kurti.name }).getByTestId("cart-line-total").getByText("৳৩৭০.৩৫")).toBeVisible();
    await expect(page.getByTestId("tax-note")).toHaveText("+১৫% ভ্যাট, চেকআউটে যোগ হবে");
    await expectNoSidewaysScroll(page);
  });
}

test("a line's total follows its quantity", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const product = await createTestProduct({ name: `Qty Lungi ${uniqueTag()}`, pricePaisa: 450_00, sizes: [{ size: "L", quantity: 9 }] });
  await setCookie(context, baseURL!, await shopperCookie(await createUser(), { cart: [{ productId: product.id, size: "L", qty: 1 }] }));
  await page.goto("/cart");
  const line = page.getByTestId("cart-line-total");
  await expect(line).toHaveText("Line total: ৳450.00");
  await page.getByLabel(`Quantity of ${product.name}, size L`).selectOption("4");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update" }).click();
  await expect(line).toHaveText("Line total: ৳1,800.00");
  await expect(page.getByTestId("cart-subtotal")).toHaveText("৳1,800.00");
});

test("the About page no longer promises that the price shown is the price paid", async ({ page }) => {
  const about = await prisma.footerPage.findFirstOrThrow({ where: { title: "About Us" } });
  await page.goto(`/footer-info/${about.id}`);
  const main = page.locator("main");
  await expect(main).not.toContainText("the price you see is the price you pay");
  await expect(main).toContainText("15 % VAT is added at checkout");

  await page.goto(`/bn/footer-info/${about.id}`);
  await expect(page.locator("main")).toContainText("১৫% ভ্যাট চেকআউটে যোগ হয়");
});
