import { expect, test } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";
import { shot } from "../support/shots";
import { createTestOrder } from "../support/orders";

// Cash a rider can collect (issue 41 item 3): the order keeps its exact total
// and the cash to collect is that total rounded to whole taka, the rounding
// on its own line, on the admin's and the buyer's order pages (English and
// Bangla) and the packing slip, with JavaScript on and off.

async function orderOf(totalPaisa: number, userId: number) {
  const product = await createTestProduct();
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }], userId });
  return prisma.order.update({ where: { id: order.id }, data: { totalPaisa } });
}

test("the admin order page and the slip show the exact total, the rounding and the whole-taka cash", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled: js,
}) => {
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  const buyer = await createUser();
  const order = await orderOf(2184_43, buyer.id);
  await page.goto(`/admin/order/${order.id}`);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByTestId("summary-total")).toHaveText("৳2,184.43");
  await expect(summary.getByText("Rounded to whole taka")).toBeVisible();
  await expect(summary.getByTestId("summary-rounding")).toHaveText("−৳0.43");
  await expect(summary.getByText("Cash to collect")).toBeVisible();
  await expect(summary.getByTestId("summary-cash")).toHaveText("৳2,184.00");
  // On a phone the actions come before the items and the timeline.
  await page.setViewportSize({ width: 390, height: 900 });
  const actionsTop = (await page.getByRole("button", { name: "Mark As Delivered" }).boundingBox())!.y;
  expect(actionsTop).toBeLessThan((await page.getByRole("heading", { name: "Items" }).boundingBox())!.y);
  expect(actionsTop).toBeLessThan((await page.getByRole("heading", { name: "Timeline" }).boundingBox())!.y);
  await shot(page, "admin-order", js);

  await page.goto(`/admin/order/${order.id}/slip`);
  await expect(page.getByTestId("slip-rounding")).toContainText("−৳0.43");
  await expect(page.getByTestId("slip-cash")).toHaveText("৳2,184.00");
  await shot(page, "slip", js);

  // Half a taka rounds up; a paid order collects nothing and has no rounding line.
  await prisma.order.update({ where: { id: order.id }, data: { totalPaisa: 2184_50 } });
  await page.goto(`/admin/order/${order.id}`);
  await expect(summary.getByTestId("summary-rounding")).toHaveText("+৳0.50");
  await expect(summary.getByTestId("summary-cash")).toHaveText("৳2,185.00");
  await prisma.order.update({ where: { id: order.id }, data: { isPaid: true, paidAt: new Date() } });
  await page.goto(`/admin/order/${order.id}/slip`);
  await expect(page.getByTestId("slip-cash")).toHaveText("৳0.00");
  await expect(page.getByTestId("slip-rounding")).toHaveCount(0);

  await page.goto("/admin/mail");
  await shot(page, "admin-mail", js);
});

for (const lang of ["en", "bn"] as const) {
  test(`the buyer's order page (${lang}) shows the rounding and the cash to pay`, async ({ page, context, baseURL, javaScriptEnabled: js }) => {
    const buyer = await createUser();
    await signIn(context, baseURL!, buyer);
    const order = await orderOf(2184_51, buyer.id);
    await page.goto(`${lang === "bn" ? "/bn" : ""}/order/${order.id}`);
    const rounding = page.getByTestId("summary-rounding");
    const cash = page.getByTestId("summary-cash");
    if (lang === "en") {
      await expect(page.getByText("Rounded to whole taka")).toBeVisible();
      await expect(rounding).toHaveText("+৳0.49");
      await expect(page.getByText("Cash to pay on delivery")).toBeVisible();
      await expect(cash).toHaveText("৳2,185.00");
    } else {
      await expect(page.getByText("পূর্ণ টাকায় সমন্বয়")).toBeVisible();
      await expect(page.getByText("ডেলিভারিতে নগদ দিতে হবে")).toBeVisible();
      await expect(rounding).toContainText("০.৪৯");
      await expect(cash).toContainText("২,১৮৫");
    }
    await shot(page, `buyer-order-${lang}`, js);
  });
}

test("GET /api/orders/{id} gives cashToCollect in whole taka", async ({ request, context, baseURL }) => {
  const buyer = await createUser();
  await signIn(context, baseURL!, buyer);
  const order = await orderOf(2184_49, buyer.id);
  const cookies = await context.cookies();
  const res = await request.get(`/api/orders/${order.id}`, { headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ totalPrice: 2184.49, cashToCollect: 2184 });
});
