import { expect, test, type BrowserContext } from "../support/fixtures";

import { createUser } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { setCookie, shopperCookie, testShipping } from "../support/shop";

// Checkout is a focused place: the logo, the steps and the order, nothing to
// wander off to; the order summary sits beside the form, or folds up on a phone.

async function atCheckout(context: BrowserContext, baseURL: string) {
  const product = await createTestProduct({ name: `Summary Saree ${uniqueTag()}`, pricePaisa: 300_00, sizes: [{ size: "M", quantity: 5 }] });
  const cookie = await shopperCookie(await createUser(), { cart: [{ productId: product.id, size: "M", qty: 2 }], shipping: testShipping });
  await setCookie(context, baseURL, cookie);
  return product;
}

for (const path of ["/shipping", "/payment", "/placeorder"]) {
  test(`${path} shows the logo and steps without the shop's header, search or category bar`, async ({ page, context, baseURL }) => {
    await atCheckout(context, baseURL!);
    await page.goto(path);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "TanaBana", exact: true })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Back to cart" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Checkout steps" })).toBeVisible();
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Categories" })).toHaveCount(0);
  });
}

test("the order summary sits beside the form on a wide screen", async ({ page, context, baseURL }) => {
  const product = await atCheckout(context, baseURL!);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/payment");
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary).toContainText(product.name);
  await expect(summary).toContainText("Size M · Qty 2");
  await expect(summary).toContainText(/Total\s*৳\d/);
  const [form, aside] = [await page.getByRole("button", { name: "Continue" }).boundingBox(), await summary.boundingBox()];
  expect(aside!.x).toBeGreaterThan(form!.x + form!.width);
});

test("on a phone the summary folds into a disclosure that opens without JavaScript", async ({ page, context, baseURL }) => {
  const product = await atCheckout(context, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/shipping");
  await expect(page.getByRole("complementary", { name: "Order summary" })).toBeHidden();
  const details = page.locator("details").filter({ hasText: "Show order summary" });
  await expect(details.getByText(product.name)).toBeHidden();
  await details.getByText("Show order summary").click();
  await expect(details.getByText(product.name)).toBeVisible();
  await expect(details.getByText("Size M · Qty 2")).toBeVisible();
});

test("every checkout step has the same width on a desktop, so the page does not jump (issue 22, item 17)", async ({ page, context, baseURL }) => {
  await atCheckout(context, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  const frames: Record<string, { x: number; width: number }> = {};
  for (const path of ["/shipping", "/payment", "/placeorder"]) {
    await page.goto(path);
    // The frame around the steps, the form and the summary.
    const box = (await page.getByRole("navigation", { name: "Checkout steps" }).locator("..").boundingBox())!;
    frames[path] = { x: Math.round(box.x), width: Math.round(box.width) };
  }
  expect(frames["/payment"]).toEqual(frames["/shipping"]);
  expect(frames["/placeorder"]).toEqual(frames["/shipping"]);
});
