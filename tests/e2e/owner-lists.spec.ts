import { parse } from "csv-parse/sync";
import fs from "node:fs";
import sharp from "sharp";

import { expect, test } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { shot } from "../support/shots";
import { createTestOrder } from "../support/orders";

// The owner's lists (issue 41 item 2), with JavaScript on and off: the
// dashboard's "Waiting for action" by what to do, the orders CSV a courier's
// bulk upload can take, and the product editor's publish errors going as
// each is fixed. The back office is in English only, so there is no /bn run.

test("the dashboard counts orders to confirm, to ship, with the courier and to collect, each linking to its list", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled: js,
}) => {
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  const product = await createTestProduct();
  const line = { product, size: "M", qty: 1 };
  const toShip = await createTestOrder({ lines: [line], name: `Owner ToShip ${uniqueTag()}` });
  const toCollect = await createTestOrder({ lines: [line] });
  await prisma.order.update({ where: { id: toCollect.id }, data: { shippedAt: new Date(), isDelivered: true, deliveredAt: new Date() } });
  await createTestOrder({ lines: [line], awaitingConfirmation: true });

  await page.goto("/admin");
  const panel = page.getByRole("region", { name: "Waiting for action" });
  // Other tests add orders too, so each count is read and checked against this test's own orders.
  const count = async (key: string, words: string) => {
    const tile = panel.getByTestId(`waiting-${key}`);
    await expect(tile).toContainText(new RegExp(`\\d+ orders? ${words}`));
    return Number((await tile.getByRole("link").innerText()).match(/\d+/)![0]);
  };
  expect(await count("toConfirm", "to confirm")).toBeGreaterThanOrEqual(1);
  expect(await count("toShip", "to ship")).toBeGreaterThanOrEqual(1);
  expect(await count("withCourier", "with the courier")).toBeGreaterThanOrEqual(0);
  expect(await count("toCollect", "to collect cash for")).toBeGreaterThanOrEqual(1);
  // Counts, not a row per order marked "Unpaid".
  await expect(panel.getByText("Unpaid")).toHaveCount(0);
  await shot(page, "dashboard", js);

  await panel.getByRole("link", { name: /orders to ship/ }).click();
  await expect(page).toHaveURL(/\/admin\/orderlist\?status=toship$/);
  await expect(page.getByRole("link", { name: "To ship" })).toHaveAttribute("aria-current", "page");
  await page.goto(`/admin/orderlist?status=toship&keyword=TB-${toShip.number}`);
  await expect(page.getByRole("row").filter({ hasText: `TB-${toShip.number}` })).toHaveCount(1);
  await page.goto(`/admin/orderlist?status=tocollect&keyword=TB-${toCollect.number}`);
  await expect(page.getByRole("row").filter({ hasText: `TB-${toCollect.number}` })).toHaveCount(1);
});

test("the orders CSV has confirmed, shipped, courier, tracking and cash to collect, with ASCII digits", async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  const product = await createTestProduct();
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }], name: "রহিমা খাতুন", address: "বাড়ি ১২, রোড ৫, ধানমন্ডি" });
  const shippedAt = new Date("2026-11-20T04:15:00Z"); // 10:15 in Dhaka
  await prisma.order.update({
    where: { id: order.id },
    // As typed on a Bangla keyboard (an order from before phones were normalised).
    data: {
      phone: "০১৭১১-২২৩৩৪৪",
      postalCode: "১২০৫",
      totalPaisa: 2184_43,
      confirmedAt: new Date("2026-11-20T03:00:00Z"),
      confirmMethod: "call",
      shippedAt,
      courier: "steadfast",
      trackingNumber: "SF-২২১৯",
    },
  });
  await page.goto(`/admin/orderlist?keyword=TB-${order.number}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const [columns, row] = parse(text, { bom: true }) as string[][];
  const cell = (name: string) => row![columns!.indexOf(name)];
  expect(cell("Buyer")).toBe("রহিমা খাতুন");
  expect(cell("Address")).toBe("বাড়ি ১২, রোড ৫, ধানমন্ডি");
  expect(cell("Phone")).toBe("01711-223344");
  expect(cell("Postal code")).toBe("1205");
  expect(cell("Confirmed")).toBe("By call");
  expect(cell("Confirmed at (Dhaka time, UTC+6)")).toBe("2026-11-20 09:00:00");
  expect(cell("Shipped at (Dhaka time, UTC+6)")).toBe("2026-11-20 10:15:00");
  expect(cell("Courier")).toBe("Steadfast");
  expect(cell("Tracking number")).toBe("SF-২২১৯");
  expect(cell("Order total (৳)")).toBe("2184.43");
  expect(cell("Cash to collect (৳)")).toBe("2184");
});

const png = (colour: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("the editor's publish errors go as each is fixed (JavaScript on) or on the next save (off)", async ({ page, context, baseURL, javaScriptEnabled: js }) => {
  await signIn(context, baseURL!, await createUser({ isAdmin: true }));
  const product = await createTestProduct({ name: `Owner kurta ${uniqueTag()}`, status: "draft", sizes: [] });
  await page.goto(`/admin/product/${product.id}/edit`);
  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: "Update" }).first().click();
  const sizeError = page.getByText("Add a size with at least 1 in stock to publish");
  const imageError = page.getByText("Upload a main image to publish: the placeholder picture does not count");
  const refusal = page.getByText(/^Cannot publish/);
  await expect(sizeError).toBeVisible();
  await expect(imageError).toBeVisible();
  await expect(refusal).toBeVisible();
  await shot(page, "editor-errors", js);

  await page.getByLabel("New size").fill("L");
  await page.getByLabel("Quantity").fill("4");
  await page.getByRole("button", { name: "Add size" }).click();
  if (js) {
    // Fixed in the page: that error goes at once, the image's stays until a picture comes.
    await expect(sizeError).toHaveCount(0);
    await expect(imageError).toBeVisible();
    await expect(refusal).toBeVisible();
    await page.getByLabel(/Choose a new main image/).setInputFiles({ name: "main.png", mimeType: "image/png", buffer: await png("#1d4ed8") });
    await expect(page.getByRole("img", { name: "Main image preview" })).toHaveAttribute("src", /^\/images\//);
    await expect(imageError).toHaveCount(0);
    await expect(refusal).toHaveCount(0);
    await shot(page, "editor-fixed", js);
  } else {
    // Without JavaScript the Add size post answers with the draft, checked again on Save.
    await page.getByLabel(/Choose a new main image/).setInputFiles({ name: "main.png", mimeType: "image/png", buffer: await png("#1d4ed8") });
  }
  await page.getByRole("button", { name: "Update" }).first().click();
  await expect(page).toHaveURL(/\/admin\/productlist$/);
  expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).status).toBe("active");
});
