import { expect, test } from "../support/fixtures";

import { postWebhook, steadfastRequest } from "../../scripts/courier-fake/webhooks.mjs";
import { adminPage } from "../support/admin-mail";
import { createUser, signIn } from "../support/auth";
import { shippedParcel, stockOf, WEBHOOK_SECRETS as S } from "../support/parcels";
import { shot } from "../support/shots";

// Courier payouts and the items back after a partial delivery (issue 36 items 4 and 5, decision 095),
// JavaScript on and off: webhooks over real HTTP, then the admin's pages.

const js = () => test.info().project.name === "js-on";
const num = (n: number) => `TB-${n}`;

test("a delivered parcel's cash: held by the courier, then a payout records it once, with its difference", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { order, consignmentId, codTaka } = await shippedParcel("steadfast");
  const delivered = steadfastRequest({ consignmentId, status: "delivered", codAmount: codTaka, deliveryCharge: 60 }, S.steadfast);
  expect((await postWebhook(baseURL!, delivered)).status).toBe(200);
  const owed = codTaka - 60;
  const admin = await adminPage(browser, baseURL!, js());
  await admin.goto("/admin/payouts");
  const held = admin.getByRole("region", { name: "Delivered, not paid out yet" });
  await expect(held.getByRole("row", { name: new RegExp(num(order.number)) })).toContainText(`৳${owed.toLocaleString("en-US")}.00`);
  await shot(admin, "payouts-list", js());

  const reference = `SF-${Date.now()}`;
  const record = async () => {
    await admin.getByLabel("Courier").selectOption("steadfast");
    await admin.getByLabel("Payout reference").fill(reference);
    await admin.getByLabel("Amount paid (৳)").fill(String(owed - 5));
    await admin.getByLabel("Paid on").fill("2026-11-27");
    await admin.getByLabel("Orders paid (CSV rows)").fill(`invoice,amount\n${num(order.number)},${owed - 5}`);
    await admin.getByRole("button", { name: "Record payout" }).click();
  };
  await record();
  await expect(admin.getByText("Payout recorded")).toBeVisible();
  await expect(admin.getByRole("heading", { name: `Payout ${reference}` })).toBeVisible();
  await expect(admin.getByTestId("payout-difference")).toHaveText("Paid ৳5.00 less than the orders are owed.");
  await expect(admin.getByRole("row", { name: new RegExp(num(order.number)) })).toContainText("-৳5.00");
  await shot(admin, "payout-detail", js());

  await admin.goto("/admin/payouts");
  await expect(admin.getByRole("region", { name: "Delivered, not paid out yet" }).getByText(num(order.number))).toHaveCount(0);
  await expect(admin.getByRole("region", { name: "Payouts received" }).getByRole("link", { name: reference })).toBeVisible();
  // The same statement entered again is refused, and the typed values stay.
  await record();
  await expect(admin.getByRole("alert")).toContainText(`Already paid out: ${num(order.number)} (payout ${reference})`);
  await expect(admin.getByLabel("Payout reference")).toHaveValue(reference);
  await shot(admin, "payout-refused", js());

  await admin.goto("/admin");
  await expect(admin.getByTestId("cash-totals")).toContainText("Outstanding: held by couriers, not paid out");
  await expect(admin.getByTestId("cash-steadfast")).toContainText("Held by the courier");
  await shot(admin, "dashboard-cash", js());
  await admin.context().close();
});

test("partly delivered: the admin says which items came back; only those restock, once; the buyer reads it in Bangla", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const buyer = await createUser({ name: "Partial Buyer" });
  const { order, consignmentId, product } = await shippedParcel("steadfast", { userId: buyer.id, qty: 3 });
  expect(await stockOf(product.id)).toBe(2);
  const partial = steadfastRequest({ consignmentId, status: "partial_delivered", codAmount: 1000, deliveryCharge: 60 }, S.steadfast);
  expect((await postWebhook(baseURL!, partial)).status).toBe(200);

  const admin = await adminPage(browser, baseURL!, js());
  await admin.goto(`/admin/order/${order.id}`);
  await expect(admin.getByRole("heading", { name: "Partly delivered: which items came back?" })).toBeVisible();
  await shot(admin, "part-return-form", js());
  await admin.getByLabel(/Parcel Kurta .* \(M\)/).fill("2");
  await admin.getByRole("button", { name: "Record Items Back" }).click();
  await expect(admin.getByText("Items back in stock; the order is delivered")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Record Items Back" })).toHaveCount(0);
  await expect(admin.getByRole("region", { name: "Timeline" })).toContainText("Partly delivered: 2 ×");
  expect(await stockOf(product.id)).toBe(4);
  // The courier's word again changes nothing; the stock came back once.
  expect((await postWebhook(baseURL!, partial)).status).toBe(200);
  expect(await stockOf(product.id)).toBe(4);
  await admin.reload();
  await shot(admin, "part-returned", js());

  await signIn(page.context(), baseURL!, buyer);
  await page.goto(`/order/${order.id}`);
  await expect(page.getByText("2 came back to the shop")).toBeVisible();
  await page.goto(`/bn/order/${order.id}`);
  await expect(page.getByText("২টি দোকানে ফেরত এসেছে")).toBeVisible();
  await expect(page.getByText("আংশিক ডেলিভারি: আপনি কিছু পণ্য রেখেছেন")).toBeVisible();
  await shot(page, "buyer-part-returned-bn", js());
  await admin.context().close();
});
