import { expect, test, type Page } from "../support/fixtures";

import { sessionStorage } from "~/models/accounts/session.server";

import { atLimits } from "../support/limits";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { setCookie, testShipping } from "../support/shop";

// The order limits at the shop's defaults (issue 26), set back through the
// admin's settings page. The rest of the suite runs with loose limits
// (scripts/db-tasks.mjs), so this project runs last and one test at a time.

const DEFAULTS = {
  "Orders per phone number, per 24 hours": 5,
  "Orders per e-mail address, per 24 hours": 5,
  "Orders per signed-in account, per 24 hours": 10,
  "Orders per internet address, per hour": 20,
  "Most pieces of one product in one size, per order": 10,
  "Most different items per order": 20,
  "Most pieces per order": 30,
};

// Back to the suite's loose limits, and the per-order caps to the suite's own.
atLimits(DEFAULTS, {
  "Most pieces of one product in one size, per order": 1_000,
  "Most different items per order": 200,
  "Most pieces per order": 10_000,
});

const ip = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

test("the API refuses a phone's sixth order of the day: 429, Retry-After, and no stock taken", async ({ request }) => {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 20 }] });
  const phone = `0161${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const order = (n: number) =>
    request.post("/api/orders", {
      headers: { "X-Forwarded-For": ip() },
      data: {
        orderItems: [{ product: p.id, qty: 1, selectedSize: "M" }],
        shippingAddress: { ...testShipping, phone },
        name: "Script",
        email: `script-${n}-${uniqueTag()}@example.com`,
      },
    });
  for (let n = 0; n < 5; n++) expect((await order(n)).status()).toBe(201);
  const refused = await order(5);
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ message: "Too many orders from you in a short time. Please try again later, or call us to order." });
  // Five a day: the next one fits after a fifth of the day.
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(4.7 * 3600);
  expect((await prisma.productSize.findFirstOrThrow({ where: { productId: p.id } })).quantity).toBe(15);
});

test("the API refuses more than the per-line cap with a 400 naming it", async ({ request }) => {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 50 }] });
  const res = await request.post("/api/orders", {
    headers: { "X-Forwarded-For": ip() },
    data: {
      orderItems: [{ product: p.id, qty: 50, selectedSize: "M" }],
      shippingAddress: testShipping,
      name: "Bulk",
      email: `bulk-${uniqueTag()}@example.com`,
    },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe("You can order at most 10 of one product in one size");
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the place-order page says the limit in the shop's words, and nothing is ordered", async ({ page, baseURL }) => {
      const p = await createTestProduct({ name: `Limit Panjabi ${uniqueTag()}`, sizes: [{ size: "M", quantity: 5 }] });
      const phone = `0131${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
      // This phone already ordered five times today: its budget is spent for the next 24 hours.
      await prisma.rateLimit.create({ data: { key: `order-phone:${phone}`, tat: new Date(Date.now() + 24 * 3600_000), windowSeconds: 24 * 3600 } });
      const session = await sessionStorage.getSession();
      session.set("cart", [{ productId: p.id, size: "M", qty: 1 }]);
      session.set("shipping", { ...testShipping, phone, name: "Rina", email: `rina-${uniqueTag()}@example.com` });
      session.set("paymentMethod", "Cash on Delivery");
      await setCookie(page.context(), baseURL!, (await sessionStorage.commitSession(session)).split(";")[0]!);
      await page.goto("/placeorder");
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByRole("alert")).toContainText("Too many orders from you in a short time. Please try again later, or call us to order.");
      await expect(page.getByRole("alert")).toContainText("Nothing has been ordered. Your cart is kept, so you can place the order later.");
      await expect(page).toHaveURL(/\/placeorder$/);
      expect(await prisma.orderItem.count({ where: { productId: p.id } })).toBe(0);
      await shot(page, "limit-placeorder");
    });

    test("the product page and the cart stop at the cap per size and say so", async ({ page }) => {
      const p = await createTestProduct({ name: `Cap Saree ${uniqueTag()}`, sizes: [{ size: "M", quantity: 40 }] });
      await page.goto(`/product/${p.id}`);
      await page.getByText("M", { exact: true }).click();
      await page.getByLabel("Quantity", { exact: true }).fill("12");
      if (javaScriptEnabled) await expect(page.getByText("You can order at most 10 of one size.")).toBeVisible();
      await page.getByRole("button", { name: "Add To Cart" }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByText("You can order at most 10 of one size; your cart has 10")).toBeVisible();
      await expect(page.getByLabel(/Quantity of/)).toHaveValue("10");
      await page.reload();
      await expect(page.getByText("At most 10 of one size per order")).toBeVisible();
      await shot(page, "limit-cart");
    });
  });
}

async function shot(page: Page, name: string) {
  const dir = test.info().outputPath();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}
