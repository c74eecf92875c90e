import { expect, test } from "@playwright/test";

import { createUser, sessionCookieFor } from "../support/auth";
import { createTestCategory, createTestProduct } from "../support/catalogue";

// The admin's writes of variants and the stock CSV over /api (issue 38 item 5, docs/api.md).

let headers: Record<string, string>;

test.beforeAll(async () => {
  headers = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
});

type Grid = { colors: { id: number; name: string }[]; cells: { sku: string; size: string; colorId: number | null; quantity: number }[] };

test("colours, the stock grid and removing a colour, as the product page's API shows them", async ({ request }) => {
  const product = await createTestProduct({
    sizes: [
      { size: "M", quantity: 4 },
      { size: "L", quantity: 1 },
    ],
  });
  const navy = await request.post(`/api/products/${product.id}/colors`, { headers, data: { name: "Navy", nameBn: "নেভি", hex: "#1F2A44" } });
  expect(navy.status()).toBe(201);
  const maroon = await request.post(`/api/products/${product.id}/colors`, { headers, data: { name: "Maroon", hex: "#7b1e2b" } });
  const grid = (await maroon.json()) as Grid & { colorId: number };
  expect(grid.colors.map((c) => c.name)).toEqual(["Navy", "Maroon"]);

  const bad = await request.post(`/api/products/${product.id}/colors`, { headers, data: { name: "Teal", hex: "teal" } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ message: "Swatch colour must look like #1f2a44" });

  const cells = grid.cells.map((c) => ({ sku: c.sku, quantity: c.colorId === grid.colorId ? 6 : 2 }));
  const saved = await request.put(`/api/products/${product.id}/variants`, { headers, data: { cells } });
  expect(saved.status()).toBe(200);
  const shown = await (await request.get(`/api/products/${product.id}`)).json();
  expect(shown.sizes).toEqual([
    { size: "M", quantity: 8 },
    { size: "L", quantity: 8 },
  ]);
  expect(shown.variants.map((v: { color: string; size: string; quantity: number }) => `${v.color} ${v.size} ${v.quantity}`)).toEqual([
    "Navy M 2",
    "Navy L 2",
    "Maroon M 6",
    "Maroon L 6",
  ]);

  const negative = await request.put(`/api/products/${product.id}/variants`, { headers, data: { cells: [{ sku: cells[0]!.sku, quantity: -1 }] } });
  expect(negative.status()).toBe(400);
  expect(await negative.json()).toMatchObject({ message: "Quantity cannot be negative" });

  const removed = await request.delete(`/api/products/${product.id}/colors/${grid.colorId}`, { headers });
  expect(await removed.json()).toEqual({ message: 'Colour "Maroon" removed', orderLines: 0 });
  expect((await request.delete(`/api/products/${product.id}/colors/${grid.colorId}`, { headers })).status()).toBe(404);
});

test("a CSV import: a dry run previews, one bad row refuses the whole file, a good file applies", async ({ request }) => {
  const product = await createTestProduct({
    sizes: [
      { size: "M", quantity: 4 },
      { size: "L", quantity: 1 },
    ],
  });
  const { cells } = (await (await request.get(`/api/products/${product.id}/variants`, { headers })).json()) as Grid;
  const [m, l] = cells;
  const csv = (rows: string[]) => ({ headers: { ...headers, "Content-Type": "text/csv" }, data: ["SKU,Product,Colour,Size,Stock", ...rows].join("\n") });

  const dry = await request.post("/api/stock/import?dryRun=1", csv([`${m!.sku},x,,M,9`, `${l!.sku},x,,L,lots`]));
  expect(dry.status()).toBe(200);
  expect(await dry.json()).toMatchObject({
    dryRun: true,
    changes: 1,
    errors: 1,
    rows: [
      { line: 2, from: 4, to: 9 },
      { line: 3, error: 'Stock "lots": Quantity must be a whole number' },
    ],
  });

  const refused = await request.post("/api/stock/import", csv([`${m!.sku},x,,M,9`, `${l!.sku},x,,L,lots`]));
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ message: 'Nothing was changed: 1 row is wrong (row 3: Stock "lots": Quantity must be a whole number)' });
  expect((await (await request.get(`/api/products/${product.id}`)).json()).sizes).toEqual([
    { size: "M", quantity: 4 },
    { size: "L", quantity: 1 },
  ]);

  const applied = await request.post("/api/stock/import", csv([`${m!.sku},x,,M,9`, `${l!.sku},x,,L,0`]));
  expect(await applied.json()).toMatchObject({ dryRun: false, changes: 2, errors: 0 });
  expect((await (await request.get(`/api/products/${product.id}`)).json()).sizes).toEqual([
    { size: "M", quantity: 9 },
    { size: "L", quantity: 0 },
  ]);

  const exported = await request.get("/api/stock/export", { headers });
  expect(exported.headers()["content-type"]).toContain("text/csv");
  expect(await exported.text()).toContain(`${m!.sku},${product.name},,M,9`);
  expect((await request.post("/api/stock/import", { headers, data: { sku: m!.sku } })).status()).toBe(400);
});

test("a category's size guide: written by an admin, read by anyone, a ragged table refused", async ({ request }) => {
  const category = await createTestCategory();
  const url = `/api/categories/${category.id}/size-guide`;
  expect(await (await request.get(url)).json()).toEqual({ id: category.id, sizeGuide: null, sizeGuideBn: null, rows: [], rowsBn: [] });
  const ragged = await request.put(url, { headers, data: { sizeGuide: "Size | Chest (cm) | Chest (in)\nM | 102" } });
  expect(ragged.status()).toBe(400);
  expect(await ragged.json()).toMatchObject({ message: "Size guide: line 2 has 2 cells, the header has 3" });
  const saved = await request.put(url, { headers, data: { sizeGuide: "Size | Chest (cm) | Chest (in)\nM | 102 | 40" } });
  expect(await saved.json()).toMatchObject({
    rows: [
      ["Size", "Chest (cm)", "Chest (in)"],
      ["M", "102", "40"],
    ],
    sizeGuideBn: null,
  });
  expect((await request.put(url, { data: { sizeGuide: null } })).status()).toBe(401);
});
