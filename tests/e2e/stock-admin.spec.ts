import { expect, test } from "../support/fixtures";

import { prisma } from "../support/db";
import { adminPage } from "../support/admin-mail";
import { createTestProduct } from "../support/catalogue";
import { shot } from "../support/shots";

// The back office's stock (issue 38 item 4), JavaScript on and off: the colour × size grid of a
// product, and a CSV import with one bad row refused whole, then a good one applied.

const js = () => test.info().project.name === "js-on";

const stock = async (productId: number) =>
  Object.fromEntries(
    (await prisma.productSize.findMany({ where: { productId }, select: { size: true, quantity: true, color: { select: { name: true } } } })).map((v) => [
      `${v.color?.name ?? "-"} ${v.size}`,
      v.quantity,
    ]),
  );

test("the stock grid: add colours, set each colour's sizes, remove a colour", async ({ browser, baseURL }) => {
  const product = await createTestProduct({
    sizes: [
      { size: "M", quantity: 4 },
      { size: "L", quantity: 1 },
    ],
  });
  const admin = await adminPage(browser, baseURL!, js());
  admin.on("dialog", (d) => void d.accept());
  await admin.goto(`/admin/product/${product.id}/edit`);
  await admin.getByRole("link", { name: "Colours and stock by colour →" }).click();
  await expect(admin.getByRole("heading", { name: `Colours and stock: ${product.name}` })).toBeVisible();

  for (const [name, bn] of [
    ["Navy", "নেভি"],
    ["Maroon", "মেরুন"],
  ]) {
    await admin.getByLabel("Name (English)").fill(name!);
    await admin.getByLabel("Name (Bangla)").fill(bn!);
    await admin.getByRole("button", { name: "Add colour" }).click();
    await expect(admin.getByText(`Colour "${name}" added`)).toBeVisible();
  }
  await expect(admin.getByLabel("Navy M stock")).toHaveValue("4");
  await expect(admin.getByLabel("Maroon M stock")).toHaveValue("0");
  await admin.getByLabel("Maroon M stock").fill("6");
  await admin.getByLabel("Maroon L stock").fill("2");
  await admin.getByLabel("Navy L stock").fill("0");
  await admin.getByRole("button", { name: "Save stock" }).click();
  await expect(admin.getByText("Stock saved for 4 variants")).toBeVisible();
  expect(await stock(product.id)).toEqual({ "Navy M": 4, "Navy L": 0, "Maroon M": 6, "Maroon L": 2 });
  await shot(admin, "stock-grid", js());

  await admin.getByRole("button", { name: "Remove the colour Navy" }).click();
  if (!js()) await admin.getByRole("button", { name: "Yes, remove Navy" }).click();
  await expect(admin.getByText('Colour "Navy" removed')).toBeVisible();
  await expect(admin.getByLabel("Navy M stock")).toHaveCount(0);
  expect(await stock(product.id)).toEqual({ "Maroon M": 6, "Maroon L": 2 });
});

test("a CSV import with one bad row changes nothing; the corrected file applies", async ({ browser, baseURL }) => {
  const product = await createTestProduct({
    sizes: [
      { size: "M", quantity: 4 },
      { size: "L", quantity: 1 },
    ],
  });
  const [m, l] = await prisma.productSize.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
  const admin = await adminPage(browser, baseURL!, js());
  await admin.goto("/admin/stock");
  const upload = async (rows: string[]) => {
    const csv = ["SKU,Product,Colour,Size,Stock", ...rows].join("\n");
    await admin.getByLabel("CSV file to import").setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await admin.getByRole("button", { name: "Preview import" }).click();
  };

  await upload([`TB-${m!.id},x,,M,9`, `TB-${l!.id},x,,L,-2`]);
  await expect(admin.getByRole("alert")).toContainText("1 row is wrong, so nothing will be changed");
  await expect(admin.getByRole("row", { name: /^3 / })).toContainText('Stock "-2": Quantity cannot be negative');
  await expect(admin.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  await shot(admin, "stock-import-refused", js());
  expect(await stock(product.id)).toEqual({ "- M": 4, "- L": 1 });

  await upload([`TB-${m!.id},x,,M,9`, `TB-${l!.id},x,,L,0`]);
  await expect(admin.getByRole("status").filter({ hasText: "2 variants change" })).toBeVisible();
  await expect(admin.getByRole("row", { name: /^2 / })).toContainText("4 → 9");
  await shot(admin, "stock-import-preview", js());
  await admin.getByRole("button", { name: "Apply 2 changes" }).click();
  await expect(admin.getByText("Stock updated: 2 variants")).toBeVisible();
  expect(await stock(product.id)).toEqual({ "- M": 9, "- L": 0 });
  await shot(admin, "stock-page", js());
});
