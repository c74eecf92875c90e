import { parse } from "csv-parse/sync";

import { expect, test } from "../support/fixtures";

import { adminPage, openMail } from "../support/admin-mail";
import { checkoutAsGuest } from "../support/checkout-steps";
import { uniqueTag } from "../support/catalogue";
import { createColourProduct } from "../support/colours";
import { hydrated } from "../support/shop";
import { shot } from "../support/shots";

// Issue 38 item 3: a guest buys a panjabi in Maroon, size M; then the admin sees colour and size on
// every page that lists the order's lines: the order, the slip, the picklist, the labels, the CSV
// export and the order e-mail in the outbox. With JavaScript on and off.

test("a colour bought by a guest shows with its size on the order, slip, picklist, labels, CSV and e-mail", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(150_000);
  const { product } = await createColourProduct();
  const email = `colour-${uniqueTag()}@example.com`;

  await page.goto(`/product/${product.id}`);
  if (javaScriptEnabled) await hydrated(page);
  await page.getByRole("group", { name: "Colour" }).getByText("Maroon", { exact: true }).click();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show this colour" }).click();
  await expect(page.getByRole("radio", { name: "Maroon" })).toBeChecked();
  await page.getByText("M", { exact: true }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const { orderId, number } = await checkoutAsGuest(page, { name: "Colour Guest", email });

  const admin = await adminPage(browser, baseURL!, javaScriptEnabled);
  await admin.goto(`/admin/order/${orderId}`);
  await expect(admin.getByText("Colour: Maroon")).toBeVisible();
  await expect(admin.getByText("Size M", { exact: true })).toBeVisible();

  await admin.goto(`/admin/order/${orderId}/slip`);
  await expect(admin.getByRole("row", { name: new RegExp(product.name) })).toContainText("Maroon · M");
  await shot(admin, "colour-after-sale-slip", javaScriptEnabled);

  await admin.goto(`/admin/picklist?orderIds=${orderId}`);
  await expect(admin.getByTestId("pick-line")).toHaveCount(1);
  await expect(admin.getByTestId("pick-line")).toContainText(product.name);
  await expect(admin.getByTestId("pick-line")).toContainText("Maroon · M");
  await shot(admin, "colour-after-sale-picklist", javaScriptEnabled);

  await admin.goto(`/admin/labels?orderIds=${orderId}`);
  await expect(admin.getByTestId("label-contents")).toHaveText(`Contents: ${product.name} (Maroon · M) × 1`);
  await shot(admin, "colour-after-sale-label-a4", javaScriptEnabled);
  await admin.getByRole("link", { name: "4×6 in thermal" }).click();
  await expect(admin.getByTestId("label-contents")).toContainText("(Maroon · M) × 1");
  await shot(admin, "colour-after-sale-label-thermal", javaScriptEnabled);

  // The order list's own export link, filtered to this order.
  await admin.goto(`/admin/orderlist?keyword=${orderId}`);
  const download = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Export CSV" }).click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  const [columns, ...rows] = parse(Buffer.concat(chunks).toString("utf8"), { bom: true }) as string[][];
  const row = rows.find((r) => r[columns!.indexOf("Product")] === product.name)!;
  expect([row[columns!.indexOf("Colour")], row[columns!.indexOf("Size")]]).toEqual(["Maroon", "M"]);

  await openMail(admin, email, new RegExp(`Order ${number} received`));
  const mail = admin.frameLocator('iframe[title="The message as HTML"]');
  await expect(mail.getByText("Colour Maroon · Size M × 1")).toBeVisible();
  await expect(admin.locator("pre")).toContainText(`${product.name}, colour Maroon, size M × 1:`);
  await admin.context().close();
});
