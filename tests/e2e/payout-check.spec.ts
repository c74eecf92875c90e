import { expect, test } from "../support/fixtures";

import { postWebhook, steadfastRequest } from "../../scripts/courier-fake/webhooks.mjs";
import { adminPage } from "../support/admin-mail";
import { shippedParcel, WEBHOOK_SECRETS as S } from "../support/parcels";
import { shot } from "../support/shots";

// "Check payouts now" on /admin/payouts (issue 36 item 5, decision 106), JavaScript on and off: a
// payment made at the fake Steadfast (scripts/courier-fake) is read at once, recorded, and the
// delivered order leaves the list of cash still owed. Both browser projects share one fake, so one
// may read the other's payment first: each checks its own payment's result, not the count.

const js = () => test.info().project.name === "js-on";
const fake = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 3}`;

test("Check payouts now records a payment the courier made, once, and names what it could not match", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { order, consignmentId, codTaka } = await shippedParcel("steadfast");
  const delivered = steadfastRequest({ consignmentId, status: "delivered", codAmount: codTaka, deliveryCharge: 60 }, S.steadfast);
  expect((await postWebhook(baseURL!, delivered)).status).toBe(200);
  const orderNumber = `TB-${order.number}`;
  // One payment: our parcel, and one the shop never sent (it must be named, not break the rest).
  const stranger = `SF-UNKNOWN-${Date.now()}`;
  const made = await fetch(`${fake}/_control/payment`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ consignments: [{ consignmentId }, { consignmentId: stranger, invoice: "X-1", codAmount: 500, deliveryCharge: 60 }] }),
  });
  const reference = String(((await made.json()) as { payment: { id: number } }).payment.id);

  const admin = await adminPage(browser, baseURL!, js());
  await admin.goto("/admin/payouts");
  const owedList = admin.getByRole("region", { name: "Delivered, not paid out yet" });
  await expect(owedList.getByText(orderNumber)).toBeVisible();
  const check = admin.getByRole("region", { name: "Payouts read from Steadfast" });
  await expect(check).toContainText("Steadfast tells the shop about its payouts");
  await check.getByRole("button", { name: "Check payouts now" }).click();

  const answer = admin.getByTestId("payout-check");
  await expect(answer).toBeVisible();
  // Ours, unless the other browser project's check read it a moment earlier.
  const recordedHere = answer.getByRole("link", { name: reference });
  if (await recordedHere.count()) {
    await expect(answer).toContainText(`${reference} from Steadfast: 1 order`);
    await expect(answer).toContainText(`Steadfast payment ${reference}, consignment ${stranger}: unknown`);
  }
  await shot(admin, "payout-check", js());
  // The payout is recorded once, with our order in it, and the order no longer waits for its cash.
  await expect(admin.getByRole("region", { name: "Payouts received" }).getByRole("link", { name: reference })).toHaveCount(1);
  await expect(owedList.getByText(orderNumber)).toHaveCount(0);
  await admin.getByRole("region", { name: "Payouts received" }).getByRole("link", { name: reference }).click();
  await expect(admin.getByRole("heading", { name: `Payout ${reference}` })).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(orderNumber) })).toBeVisible();

  // Asked again: ours is among those already recorded, not recorded twice.
  await admin.goto("/admin/payouts");
  await admin.getByRole("region", { name: "Payouts read from Steadfast" }).getByRole("button", { name: "Check payouts now" }).click();
  await expect(admin.getByTestId("payout-check")).toContainText("already recorded.");
  await expect(admin.getByTestId("payout-check").getByRole("link", { name: reference })).toHaveCount(0);
  await expect(admin.getByRole("region", { name: "Payouts received" }).getByRole("link", { name: reference })).toHaveCount(1);
  await admin.context().close();
});
