import { expect, test } from "../support/fixtures";

import { postWebhook, redxRequest, steadfastRequest } from "../../scripts/courier-fake/webhooks.mjs";
import { adminPage } from "../support/admin-mail";
import { createUser, signIn } from "../support/auth";
import { shippedParcel, stockOf, WEBHOOK_SECRETS as S } from "../support/parcels";

// Hearing back from the courier (issue 36 items 3 and 4), JavaScript on and off:
// webhooks sent over real HTTP move a shipped order, the admin's and the
// buyer's pages show it, and a parcel that comes back restocks once when the
// admin marks it received back. Booking is set up directly (another part's job).

const shots = (name: string) => test.info().outputPath(`${name}-${test.info().project.name}`);
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

test("in transit, then delivered with the cash: delivered and paid on the admin's and the buyer's pages", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const buyer = await createUser({ name: "Courier Buyer" });
  const { order, consignmentId, codTaka } = await shippedParcel("steadfast", { userId: buyer.id });
  const admin = await adminPage(browser, baseURL!, test.info().project.name === "js-on");

  await postWebhook(baseURL!, steadfastRequest({ consignmentId, status: "pending", message: "Reached the Mirpur hub", at: ago(40) }, S.steadfast));
  await admin.goto(`/admin/order/${order.id}`);
  await expect(admin.getByTestId("courier-status")).toContainText("In transit");
  await expect(admin.getByRole("region", { name: "Timeline" })).toContainText("In transit — Reached the Mirpur hub");

  const answer = await postWebhook(
    baseURL!,
    steadfastRequest({ consignmentId, status: "delivered", codAmount: codTaka, deliveryCharge: 60, at: ago(2) }, S.steadfast),
  );
  expect(answer.status).toBe(200);
  await admin.reload();
  const status = admin.getByRole("region", { name: "Status" });
  await expect(status).toContainText("Delivered on");
  await expect(status).toContainText("Paid on");
  await expect(status).toContainText(`Cash collected by the courier: ৳${codTaka.toLocaleString("en-US")}`);
  await expect(status).toContainText("Courier's delivery charge: ৳60");
  await expect(admin.getByRole("region", { name: "Timeline" })).toContainText("Delivered by the courier");
  await expect(admin.getByRole("button", { name: "Mark As Delivered" })).toHaveCount(0);
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: `${shots("admin-delivered")}-${width}.png`, fullPage: true });
  }

  await signIn(page.context(), baseURL!, buyer);
  await page.goto(`/order/${order.id}`);
  await expect(page.getByText(/^Delivered on /)).toBeVisible();
  await expect(page.getByText(/^Paid on /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("In transit — Reached the Mirpur hub");
  await page.goto(`/bn/order/${order.id}`);
  await expect(page.getByRole("region", { name: "টাইমলাইন" })).toContainText("কুরিয়ার ডেলিভারি দিয়েছে");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots("buyer-delivered-bn")}-${width}.png`, fullPage: true });
  }
  await admin.context().close();
});

test("refused at the door: returning, then received back restocks once", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const buyer = await createUser({ name: "Refusing Buyer" });
  const { order, consignmentId, product } = await shippedParcel("redx", { userId: buyer.id, qty: 2 });
  expect(await stockOf(product.id)).toBe(3);
  const refused = redxRequest(
    { consignmentId, status: "agent-returning", messageEn: "Customer refused the parcel", messageBn: "গ্রাহক পার্সেল নেননি", at: ago(5) },
    S.redx,
  );
  expect((await postWebhook(baseURL!, refused)).status).toBe(200);

  const admin = await adminPage(browser, baseURL!, test.info().project.name === "js-on");
  await admin.goto(`/admin/order/${order.id}`);
  await expect(admin.getByTestId("courier-status")).toContainText("Returning to the shop");
  await expect(admin.getByTestId("courier-status")).toContainText("This parcel is on its way back to the shop. (Customer refused the parcel)");
  await expect(admin.getByRole("button", { name: "Mark As Delivered" })).toHaveCount(0);
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: `${shots("admin-returning")}-${width}.png`, fullPage: true });
  }
  expect(await stockOf(product.id)).toBe(3);

  // The buyer, in Bangla, reads RedX's own Bangla words.
  await signIn(page.context(), baseURL!, buyer);
  await page.goto(`/bn/order/${order.id}`);
  await expect(page.getByText("গ্রাহক পার্সেল নেননি").first()).toBeVisible();
  await expect(page.getByText("এই পার্সেলটি দোকানে ফেরত আসছে।")).toBeVisible();

  await admin.getByRole("button", { name: "Received Back" }).click();
  await expect(admin.getByText("Parcel received back; its items are in stock again")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Received Back" })).toHaveCount(0);
  await expect(admin.getByRole("region", { name: "Timeline" })).toContainText("Received back at the shop, items back in stock: Customer refused the parcel");
  expect(await stockOf(product.id)).toBe(5);
  // The same webhook again changes nothing; the stock stays restored once.
  expect((await postWebhook(baseURL!, refused)).status).toBe(200);
  expect(await stockOf(product.id)).toBe(5);
  await admin.reload();
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: `${shots("admin-received-back")}-${width}.png`, fullPage: true });
  }
  await admin.context().close();
});

test("cancelling a shipped order as refused says the stock waits for the parcel, and waits", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { order, product } = await shippedParcel("steadfast");
  const admin = await adminPage(browser, baseURL!, test.info().project.name === "js-on");
  await admin.goto(`/admin/order/${order.id}`);
  await admin.getByText("Cancel this order").click();
  await expect(admin.getByText("its items go back into stock only when the parcel is received back")).toBeVisible();
  await admin.setViewportSize({ width: 390, height: 900 });
  await admin.screenshot({ path: `${shots("admin-cancel-shipped")}-390.png`, fullPage: true });
  await admin.getByLabel("Reason").selectOption("refused");
  await admin.getByRole("button", { name: "Cancel order" }).click();
  await expect(admin.getByText("Order cancelled")).toBeVisible();
  expect(await stockOf(product.id)).toBe(4);
  await admin.getByRole("button", { name: "Received Back" }).click();
  await expect(admin.getByText("Parcel received back; its items are in stock again")).toBeVisible();
  expect(await stockOf(product.id)).toBe(5);
  await admin.context().close();
});
