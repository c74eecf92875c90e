import bnCoupon from "../../app/locales/bn/coupon.json" with { type: "json" };
import { expect, test, type Page } from "../support/fixtures";

import { addViaCart, fillShipping, product, summary } from "../support/checkout-steps";
import { uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// "Have a code?" (issue 41 item 4) in the browser, with JavaScript on and off: a plain form on
// the cart and at checkout, priced by the server, refused in the buyer's language.

const DAY = 24 * 60 * 60 * 1000;

async function coupon(data: { percent?: number; amountOffPaisa?: number; endsAt?: Date; usageLimit?: number }) {
  const code = `E2E${uniqueTag().replace(/\W/g, "").slice(-8).toUpperCase()}`;
  return prisma.coupon.create({ data: { code, ...data } });
}

async function applyCode(page: Page, code: string, label = "Have a code?", apply = "Apply") {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole("button", { name: apply, exact: true }).click();
}

test("a code applied in the cart comes off the items at checkout and stays on the order", async ({ page }) => {
  const p = await product(200, [{ size: "M", quantity: 5 }]);
  const c = await coupon({ percent: 10 });
  await addViaCart(page, p.id, "M", 1);
  await page.goto("/cart");
  await applyCode(page, c.code.toLowerCase());
  await expect(page.getByTestId("coupon-applied")).toContainText(`Code ${c.code} applied: ৳20.00 off your items.`);
  await expect(page.getByTestId("cart-coupon")).toContainText("−৳20.00");

  await fillShipping(page, { guest: true });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByTestId("summary-coupon")).toHaveText("−৳20.00");
  // 180.00 of goods: free shipping stays at the threshold's rule, VAT is 15 % of what is left.
  await expect(summary(page, "tax")).toHaveText("৳27.00");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("summary-coupon")).toHaveText("−৳20.00");
  const id = page.url().split("/").pop()!;
  expect(await prisma.order.findUniqueOrThrow({ where: { id }, select: { couponCode: true, couponPaisa: true } })).toEqual({
    couponCode: c.code,
    couponPaisa: 20_00,
  });
});

test("an expired code is refused beside the field, and the code typed stays in it", async ({ page }) => {
  const p = await product(150, [{ size: "L", quantity: 5 }]);
  const c = await coupon({ percent: 20, endsAt: new Date(Date.now() - DAY) });
  await addViaCart(page, p.id, "L", 1);
  await page.goto("/cart");
  await applyCode(page, c.code);
  await expect(page.getByTestId("coupon-error")).toHaveText(`The code ${c.code} has expired.`);
  await expect(page.getByLabel("Have a code?", { exact: true })).toHaveValue(c.code);
  await expect(page.getByTestId("cart-coupon")).toHaveCount(0);
});

test("a code used up by another buyer is refused at checkout, and the order waits", async ({ page, request }) => {
  const p = await product(120, [{ size: "S", quantity: 5 }]);
  const c = await coupon({ amountOffPaisa: 10_00, usageLimit: 1 });
  await addViaCart(page, p.id, "S", 1);
  await page.goto("/cart");
  await applyCode(page, c.code);
  await expect(page.getByTestId("coupon-applied")).toBeVisible();
  await fillShipping(page, { guest: true });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);

  // Another buyer takes the last use first, over the API.
  const other = await request.post("/api/orders", {
    data: {
      orderItems: [{ product: p.id, qty: 1, selectedSize: "S" }],
      shippingAddress: { address: "House 9, Road 1", city: "Dhaka", postalCode: "1205", phone: "01799000111" },
      name: "Other Buyer",
      email: "other-buyer@example.com",
      couponCode: c.code,
    },
  });
  expect(other.status()).toBe(201);

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expect(page.getByText(`The code ${c.code} has been used up.`)).toBeVisible();
  expect(await prisma.order.count({ where: { couponId: c.id } })).toBe(1);
});

test("/bn: a refused code says why in Bangla", async ({ page }) => {
  const p = await product(150, [{ size: "M", quantity: 5 }]);
  const c = await coupon({ percent: 5, endsAt: new Date(Date.now() - DAY) });
  await addViaCart(page, p.id, "M", 1);
  await page.goto("/bn/cart");
  await applyCode(page, c.code, bnCoupon.field.label, bnCoupon.field.apply);
  await expect(page.getByTestId("coupon-error")).toHaveText(bnCoupon.refused.expired.replace("{{code}}", c.code));
});
