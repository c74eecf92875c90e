import { expect, test, type Locator } from "../support/fixtures";

import { createReturningUser } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { setCookie, shopperCookie, testShipping } from "../support/shop";

// Right after placing an order, on a phone: the page must read as a
// confirmation, not an error, and the toast must leave the header usable.

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not visible");
  return b;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.use({ viewport: { width: 390, height: 844 } });

test("a placed order confirms what happens next, with a short number and neutral states", async ({ page, context, baseURL }) => {
  const user = await createReturningUser();
  const product = await createTestProduct({ name: `Confirm Saree ${uniqueTag()}`, pricePaisa: 500_00, sizes: [{ size: "M", quantity: 4 }] });
  const cookie = await shopperCookie(user, {
    cart: [{ productId: product.id, size: "M", qty: 2 }],
    shipping: testShipping,
    paymentMethod: "Cash on Delivery",
  });
  await setCookie(context, baseURL!, cookie);
  await page.goto("/placeorder");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);

  // The toast leaves the logo and the cart uncovered.
  const toast = page.getByText("Thank you! Your order has been placed.");
  await expect(toast).toBeVisible();
  const toastBox = await box(page.getByTestId("toast").locator("div").first());
  expect(overlaps(toastBox, await box(page.getByRole("banner").getByRole("link", { name: "TanaBana", exact: true })))).toBe(false);
  expect(overlaps(toastBox, await box(page.getByRole("banner").getByRole("link", { name: /^Cart/ })))).toBe(false);

  // A short number as the heading, on one line; the UUID stays in the address bar only.
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Order TB-\d{5,}$/);
  expect((await box(heading)).height).toBeLessThan(48);
  const orderNumber = (await heading.textContent())!.replace("Order ", "");

  const next = page.getByRole("region", { name: "What happens next" });
  await expect(next).toContainText("Your order is confirmed. We are packing it");
  await expect(next).not.toContainText(/call or text you/);
  await expect(next).toContainText("Pay the courier ৳1,150.00 in cash when it arrives.");
  await expect(next).toContainText(`${testShipping.address}, ${testShipping.city} ${testShipping.postalCode}`);
  await expect(next).toContainText(`Your order number is ${orderNumber}`);

  // Not paid / not delivered yet is the normal state of a cash order: grey badges, no red.
  for (const state of ["Not Paid", "Not Delivered"]) {
    const badge = page.getByText(state, { exact: true });
    await expect(badge).toBeVisible();
    const [r, g, b] = (await badge.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!), `${state} badge is neutral`).toBeLessThan(16);
  }
  await expect(page.getByRole("alert")).toHaveCount(0);
});
