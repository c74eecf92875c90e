import { expect, test } from "../support/fixtures";

import { adminPage, openMail } from "../support/admin-mail";
import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// The Shipped step (issue 28 item 2) in the browser, JavaScript on and off: the
// admin hands an order to a courier on the back office's order page (a wrong
// form is said beside its field), the buyer's order page and timeline say who
// brings it and the tracking number, and the e-mail and SMS are in /admin/mail.

test("an admin ships an order with a courier; the buyer sees it and is told by e-mail and SMS", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const buyer = await createUser({ name: `Shipped Buyer ${uniqueTag()}` });
  const product = await createTestProduct({ name: `Shipped Saree ${uniqueTag()}`, sizes: [{ size: "Free", quantity: 4 }] });
  const order = await createTestOrder({
    lines: [{ product, size: "Free", qty: 1 }],
    userId: buyer.id,
    phone: `0181${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
  });
  const email = (await prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { shippingEmail: true } })).shippingEmail;
  const admin = await adminPage(browser, baseURL!, test.info().project.name === "js-on");

  await admin.goto(`/admin/order/${order.id}`);
  const form = admin.getByRole("region", { name: "Hand to a courier" });
  // A courier without a tracking number is refused beside the field; nothing is shipped.
  await form.getByLabel("Courier", { exact: true }).selectOption("steadfast");
  await form.getByRole("button", { name: "Mark As Shipped" }).click();
  await expect(admin.getByText("Enter the courier's tracking number")).toBeVisible();
  expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).shippedAt).toBeNull();

  await form.getByLabel("Courier", { exact: true }).selectOption("steadfast");
  await form.getByLabel(/Tracking number/).fill("SF-77120");
  await form.getByLabel(/Note to the buyer/).fill("Call before 5 pm");
  await form.getByRole("button", { name: "Mark As Shipped" }).click();
  await expect(admin.getByText("Order marked as shipped; the buyer is told by e-mail and SMS")).toBeVisible();
  const status = admin.getByRole("region", { name: "Status" });
  await expect(status).toContainText("Shipped on");
  await expect(status).toContainText("Courier: Steadfast · Tracking: SF-77120");
  await expect(admin.getByRole("region", { name: "Timeline" })).toContainText("Shipped: Steadfast, tracking SF-77120");
  // Shipped is not the end: Delivered is next, and correcting the number stays possible behind a second step.
  await expect(admin.getByRole("button", { name: "Mark As Delivered" })).toBeVisible();
  await expect(admin.getByText("Correct the courier or tracking number")).toBeVisible();
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: test.info().outputPath(`admin-order-shipped-${width}.png`), fullPage: true });
  }

  // The buyer's page: who brings it, the number, the note; Cancel is gone (the parcel is on the road).
  await signIn(page.context(), baseURL!, buyer);
  await page.goto(`/order/${order.id}`);
  await expect(page.getByText(/^Shipped with Steadfast on \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await expect(page.getByText("Tracking number: SF-77120")).toBeVisible();
  await expect(page.getByText("Note: Call before 5 pm")).toBeVisible();
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Shipped: Steadfast, tracking SF-77120");
  await expect(page.getByText("Cancel this order")).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`order-shipped-${width}.png`), fullPage: true });
  }

  // The e-mail, in the back office's mail page as the demo owner reads it; the SMS beside it.
  await openMail(admin, email, /is on its way/);
  await expect(admin.getByText("Tracking number: SF-77120").first()).toBeVisible();
  const phone = (await prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { phone: true } })).phone;
  await admin.goto(`/admin/mail?keyword=${phone}`);
  // One GSM-7 segment (decision 084): the tracking number is behind the order's short link.
  await expect(
    admin.getByRole("link", { name: /^SMS: TanaBana: order TB-\d+ is on its way with Steadfast\. Keep Tk [\d,]+ ready\. Track it: / }),
  ).toBeVisible();
  await admin.context().close();
});
