import { expect, test } from "../support/fixtures";

import { postWebhook, steadfastRequest } from "../../scripts/courier-fake/webhooks.mjs";
import { adminPage } from "../support/admin-mail";
import { prisma } from "../support/db";
import { shippedParcel, WEBHOOK_SECRETS as S } from "../support/parcels";
import { shot } from "../support/shots";

// Steadfast's payment statement uploaded as its CSV file (issue 36 item 5), JavaScript on and off:
// its consignments are matched to the delivered orders and the payout is recorded once.

const js = () => test.info().project.name === "js-on";

test("the courier's payment CSV, uploaded, records the payout of its consignments", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const parcels = [await shippedParcel("steadfast"), await shippedParcel("steadfast")];
  for (const p of parcels) {
    const delivered = steadfastRequest({ consignmentId: p.consignmentId, status: "delivered", codAmount: p.codTaka, deliveryCharge: 60 }, S.steadfast);
    expect((await postWebhook(baseURL!, delivered)).status).toBe(200);
  }
  // As Steadfast's panel exports a payment: a header row, quoted amounts with thousands commas.
  const csv = [
    "Consignment ID,Invoice,COD Amount,Delivery Charge,Payable Amount",
    ...parcels.map((p) => `${p.consignmentId},TB-${p.order.number},"${p.codTaka.toLocaleString("en-US")}",60,"${(p.codTaka - 60).toLocaleString("en-US")}"`),
  ].join("\r\n");
  const owed = parcels.reduce((sum, p) => sum + p.codTaka - 60, 0);
  const reference = `SFP-${Date.now()}`;
  const admin = await adminPage(browser, baseURL!, js());
  await admin.goto("/admin/payouts");
  const form = admin.getByRole("region", { name: "Import a payment statement" });
  const upload = async (file: { name: string; text: string }) => {
    await form.getByLabel("Payment reference").fill(reference);
    await form.getByLabel("Payment date").fill("2026-11-27");
    await form.getByLabel("Statement (CSV file)").setInputFiles({ name: file.name, mimeType: "text/csv", buffer: Buffer.from(file.text) });
    await form.getByRole("button", { name: "Import statement" }).click();
  };

  // A file that names no parcel column is refused next to the file field; nothing is recorded.
  await upload({ name: "wrong.csv", text: "Date,Amount\n2026-11-27,100\n" });
  await expect(admin.getByRole("region", { name: "Import a payment statement" })).toContainText("must name its columns");
  expect(await prisma.courierPayout.count({ where: { reference } })).toBe(0);
  await expect(form.getByLabel("Payment reference")).toHaveValue(reference);
  await shot(admin, "statement-refused", js());

  await upload({ name: "payment.csv", text: csv });
  await expect(admin.getByText("Payout recorded: 2 parcels from the statement")).toBeVisible();
  await expect(admin.getByRole("heading", { name: `Payout ${reference}` })).toBeVisible();
  for (const p of parcels) await expect(admin.getByRole("row", { name: new RegExp(`TB-${p.order.number}`) })).toBeVisible();
  const payout = await prisma.courierPayout.findFirstOrThrow({ where: { reference }, include: { items: true } });
  expect(payout.amountPaisa).toBe(owed * 100);
  expect(payout.items.map((i) => i.orderId).sort()).toEqual(parcels.map((p) => p.order.id).sort());
  await shot(admin, "statement-imported", js());

  // The same statement again: refused, nothing paid twice.
  await admin.goto("/admin/payouts");
  await upload({ name: "payment.csv", text: csv });
  await expect(admin.getByRole("region", { name: "Import a payment statement" }).getByRole("alert")).toContainText("Already");
  expect(await prisma.courierPayoutItem.count({ where: { orderId: { in: parcels.map((p) => p.order.id) } } })).toBe(2);
  await admin.context().close();
});
