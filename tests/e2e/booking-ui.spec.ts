import { expect, test, type Page } from "@playwright/test";

import { cashToCollectPaisa, formatTaka } from "~/utils/money";

import { adminPage } from "../support/admin-mail";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";
import { shot } from "../support/shots";

// Booking from the admin pages against the fake couriers (issue 36 items 2 and 6), JavaScript on
// and off: one order with Steadfast, ticked orders in bulk, Pathao after choosing its area, then
// the picklist and the labels of what was booked. playwright.config.ts starts the fake couriers.

const fake = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 3}`;
const js = () => test.info().project.name === "js-on";

test.beforeAll(async () => {
  for (const [key, value] of [
    ["couriersOn", ["steadfast", "pathao", "redx"]],
    ["defaultCourier", "steadfast"],
  ] as const)
    await prisma.shopSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
});

async function confirmedOrder(tag: string, lines: { size: string; qty: number }[], product?: Awaited<ReturnType<typeof createTestProduct>>) {
  const p = product ?? (await createTestProduct({ name: `Label Kurta ${tag}`, sizes: ["S", "M", "L"].map((size) => ({ size, quantity: 20 })) }));
  const order = await createTestOrder({ name: `Label Buyer ${tag}`, phone: "01812345678", lines: lines.map((l) => ({ product: p, ...l })) });
  return { order, product: p, cash: formatTaka(cashToCollectPaisa(order.totalPaisa) / 100) };
}

/** The order page once the server's settings cache (10 s) has the couriers switched on. */
async function openWithCouriers(admin: Page, url: string, button: RegExp) {
  await expect
    .poll(
      async () => {
        await admin.goto(url);
        return admin.getByRole("button", { name: button }).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

test("one order booked with Steadfast, then its label on A4 and 4x6 thermal", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const { order, cash } = await confirmedOrder(tag, [{ size: "M", qty: 1 }]);
  const admin = await adminPage(browser, baseURL!, js());
  await openWithCouriers(admin, `/admin/order/${order.id}`, /^Book With Steadfast$/);
  await admin.getByRole("button", { name: "Book With Steadfast" }).click();
  const status = admin.getByRole("region", { name: "Status" });
  await expect(status).toContainText("Shipped on");
  await expect(status).toContainText(/Tracking: SF\d+TB/);
  const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });

  await admin.getByRole("link", { name: "Parcel label" }).click();
  const label = admin.getByTestId("parcel-label");
  await expect(label).toHaveCount(1);
  for (const text of [`TB-${row.number}`, `Label Buyer ${tag}`, "01812345678", "House 12, Road 5, Dhanmondi, Dhaka 1205", "Steadfast"])
    await expect(label).toContainText(text);
  await expect(label.getByTestId("label-cod")).toHaveText(cash);
  await expect(label.getByTestId("label-consignment")).toContainText(`Consignment ${row.consignmentId} · Tracking ${row.trackingNumber}`);
  await expect(label.getByRole("img", { name: `Barcode of consignment ${row.consignmentId}` })).toBeVisible();
  await expect(label.getByRole("img", { name: `QR code of ${row.trackingNumber}` })).toBeVisible();
  await shot(admin, "label-a4", js());

  await admin.getByRole("link", { name: "4×6 in thermal" }).click();
  await expect(admin.getByRole("heading", { name: "1 label, 4×6 in thermal" })).toBeVisible();
  await expect(admin.getByTestId("label-cod")).toHaveText(cash);
  await shot(admin, "label-thermal", js());
  await admin.emulateMedia({ media: "print" });
  await shot(admin, "label-thermal-print", js());
  await admin.context().close();
});

test("ticked orders booked in bulk, then their picklist and labels", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const first = await confirmedOrder(tag, [{ size: "M", qty: 1 }]);
  const second = await confirmedOrder(
    tag,
    [
      { size: "M", qty: 2 },
      { size: "S", qty: 1 },
    ],
    first.product,
  );
  const third = await confirmedOrder(tag, [{ size: "L", qty: 1 }], first.product);
  const orders = [first.order, second.order, third.order];
  const admin = await adminPage(browser, baseURL!, js());
  const list = `/admin/orderlist?keyword=${encodeURIComponent(`Label Buyer ${tag}`)}`;
  await openWithCouriers(admin, list, /^Book Selected$/);
  const tickAll = async () => {
    for (const o of orders) await admin.locator(`#pick-row-${o.id}`).check();
  };
  await tickAll();
  await admin.getByLabel("Book the selected confirmed orders with").selectOption("steadfast");
  await admin.getByRole("button", { name: "Book Selected" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "booked" })).toContainText("3 booked.");
  const booked = await prisma.order.findMany({ where: { id: { in: orders.map((o) => o.id) } }, orderBy: { number: "asc" } });
  expect(booked.every((o) => o.courier === "steadfast" && o.consignmentId)).toBe(true);
  await shot(admin, "bulk-booked", js());

  // Booked and waiting for the rider: still tickable for the picklist and the labels.
  await admin.goto(list);
  await tickAll();
  await admin.getByRole("button", { name: "Picklist" }).click();
  await expect(admin.getByRole("heading", { name: "Picklist" })).toBeVisible();
  await expect(admin.getByTestId("picklist-summary")).toContainText("Selected orders: 3 orders, 5 items");
  const lines = admin.getByTestId("pick-line");
  // Shelf order: the product's sizes S, M, L, with M summed over two orders.
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText(`Label Kurta ${tag}`);
  // Cells: product, size, quantity, orders (the tick box is hidden from the accessibility tree).
  await expect(lines.nth(0).getByRole("cell").nth(1)).toHaveText("S");
  await expect(lines.nth(1).getByRole("cell").nth(1)).toHaveText("M");
  await expect(lines.nth(1).getByRole("cell").nth(2)).toHaveText("3");
  await expect(lines.nth(2).getByRole("cell").nth(1)).toHaveText("L");
  await shot(admin, "picklist", js());

  await admin.getByRole("link", { name: "Labels for these orders" }).click();
  const labels = admin.getByTestId("parcel-label");
  await expect(labels).toHaveCount(3);
  for (const [i, o] of booked.entries()) {
    await expect(labels.nth(i)).toContainText(`TB-${o.number}`);
    await expect(labels.nth(i).getByTestId("label-consignment")).toContainText(o.consignmentId!);
  }
  await expect(labels.nth(1).getByTestId("label-cod")).toHaveText(second.cash);
  await shot(admin, "labels-a4", js());
  await admin.emulateMedia({ media: "print" });
  await shot(admin, "labels-a4-print", js());
  await admin.context().close();
});

test("Pathao after choosing its city, zone and area; the area is offered again next time", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  // A city of the test's own, so the remembered area is this test's alone.
  const city = `Dhaka ${tag}`;
  const one = await confirmedOrder(tag, [{ size: "M", qty: 1 }]);
  const two = await confirmedOrder(tag, [{ size: "S", qty: 1 }], one.product);
  await prisma.order.updateMany({ where: { id: { in: [one.order.id, two.order.id] } }, data: { city } });
  const admin = await adminPage(browser, baseURL!, js());
  await openWithCouriers(admin, `/admin/order/${one.order.id}`, /^Book With Steadfast$/);
  await admin.getByRole("link", { name: "Choose Pathao’s delivery area, then book" }).click();
  await expect(admin.getByRole("heading", { name: "Pathao’s delivery area" })).toBeVisible();
  const next = admin.getByRole("button", { name: "Show Zones And Areas" });
  await admin.getByLabel("City", { exact: true }).selectOption({ label: "Dhaka" });
  if (!js()) await next.click();
  await admin.getByLabel("Zone", { exact: true }).selectOption({ label: "Mirpur" });
  if (!js()) await next.click();
  await admin.getByLabel("Area", { exact: true }).selectOption({ label: "Pallabi" });
  await shot(admin, "pathao-area", js());
  await admin.getByRole("button", { name: "Book With Pathao" }).click();
  await expect(admin.getByRole("region", { name: "Status" })).toContainText(/Tracking: DL\d+FAKE/);

  const row = await prisma.order.findUniqueOrThrow({ where: { id: one.order.id } });
  const { parcels } = (await (await fetch(`${fake}/_control/parcels?courier=pathao`)).json()) as {
    parcels: { invoice: string; area: { city: number; zone: number; area: number } }[];
  };
  expect(parcels.find((p) => p.invoice === `TB-${row.number}`)?.area).toEqual({ city: 1, zone: 11, area: 113 });

  await admin.goto(`/admin/order/${two.order.id}/book?courier=pathao`);
  await expect(admin.getByLabel("City", { exact: true })).toHaveValue("1");
  await expect(admin.getByLabel("Zone", { exact: true })).toHaveValue("11");
  await expect(admin.getByLabel("Area", { exact: true })).toHaveValue("113");
  await admin.context().close();
});

test("RedX: areas by district when the postal code has none; an area not in its list is refused", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const { order } = await confirmedOrder(tag, [{ size: "M", qty: 1 }]);
  await prisma.order.update({ where: { id: order.id }, data: { postalCode: "9999" } });
  const admin = await adminPage(browser, baseURL!, js());
  await openWithCouriers(admin, `/admin/order/${order.id}/book?courier=redx`, /^Find Areas$/);
  await expect(admin.getByText("RedX lists no area for this postal code or district")).toBeVisible();
  await admin.getByLabel("Or district").fill("Gazipur");
  await admin.getByRole("button", { name: "Find Areas" }).click();
  const bad = await admin.request.post(`/admin/order/${order.id}/book?courier=redx`, {
    form: { courier: "redx", district: "Gazipur", areaId: "12345" },
    headers: { Origin: baseURL! },
  });
  expect(bad.status()).toBe(400);
  expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).shippedAt).toBeNull();
  await admin.getByLabel("Area", { exact: true }).selectOption({ label: "Gazipur Bazar" });
  await admin.getByRole("button", { name: "Book With RedX" }).click();
  await expect(admin.getByRole("region", { name: "Status" })).toContainText(/Tracking: 21A\d+RX/);
  const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
  expect(row.courier).toBe("redx");
  await admin.context().close();
});
