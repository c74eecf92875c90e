import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";
import { orderLinesByColour, placeOrder } from "~/models/orders/index.server";
import { colorInputSchema, stockGridSchema } from "~/schemas/variants";

import { testAdmin } from "../../../tests/support/actors";
import { address, guest, product, rejection } from "../../../tests/support/order.fixtures";
import { applyStockImport, previewStockImport } from "./stock-csv.server";
import { addColor, readVariantGrid, removeColor, saveStockGrid } from "./variant-admin.server";

const color = (name: string, hex: string) => colorInputSchema.parse({ name, nameBn: `${name} বাংলা`, hex });
const stockBy = async (productId: number) =>
  Object.fromEntries((await readVariantGrid(productId, orderLinesByColour)).cells.map((c) => [`${c.colorId ?? "-"}:${c.size}`, c.quantity]));

/** A product in M and L, then Navy (which takes over the sizes' stock) and Maroon (no stock yet). */
async function coloured() {
  const p = await product(100, { M: 3, L: 2 });
  const navy = await addColor(testAdmin, p.id, color("Navy", "#1F2A44"));
  const maroon = await addColor(testAdmin, p.id, color("Maroon", "#7b1e2b"));
  return { p, navy: navy.id, maroon: maroon.id };
}

describe("variants in the back office (issue 38 item 4)", () => {
  it("adds colours: the first keeps the sizes' stock, the next starts empty in every size", async () => {
    const { p, navy, maroon } = await coloured();
    expect(await stockBy(p.id)).toEqual({ [`${navy}:M`]: 3, [`${navy}:L`]: 2, [`${maroon}:M`]: 0, [`${maroon}:L`]: 0 });
    expect((await rejection(addColor(testAdmin, p.id, color("navy", "#000000")))).status).toBe(400);
  });

  it("saves the grid, and refuses the whole save when one cell is another product's", async () => {
    const { p, navy, maroon } = await coloured();
    const grid = await readVariantGrid(p.id, orderLinesByColour);
    const cells = grid.cells.map((c) => ({ sku: c.sku, quantity: c.colorId === maroon ? 7 : 1 }));
    await saveStockGrid(testAdmin, p.id, stockGridSchema.parse({ cells }));
    expect(await stockBy(p.id)).toEqual({ [`${navy}:M`]: 1, [`${navy}:L`]: 1, [`${maroon}:M`]: 7, [`${maroon}:L`]: 7 });

    const other = await product(100, { M: 9 });
    const foreign = (await readVariantGrid(other.id, orderLinesByColour)).cells[0]!.sku;
    const refused = await rejection(
      saveStockGrid(
        testAdmin,
        p.id,
        stockGridSchema.parse({
          cells: [
            { sku: cells[0]!.sku, quantity: 50 },
            { sku: foreign, quantity: 0 },
          ],
        }),
      ),
    );
    expect(refused.message).toBe(`${foreign} is not a variant of this product`);
    expect(await stockBy(p.id)).toEqual({ [`${navy}:M`]: 1, [`${navy}:L`]: 1, [`${maroon}:M`]: 7, [`${maroon}:L`]: 7 });
    expect(stockGridSchema.safeParse({ cells: [{ sku: "TB-1", quantity: -1 }] }).success).toBe(false);
  });

  it("removes a colour that has orders: the orders keep its name, the other colour keeps its stock", async () => {
    const { p, navy, maroon } = await coloured();
    const placed = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 2, color: "Navy" }], shippingAddress: address });
    const grid = await readVariantGrid(p.id, orderLinesByColour);
    expect(grid.colors.find((c) => c.id === navy)?.orderLines).toBe(1);

    expect(await removeColor(testAdmin, p.id, navy, orderLinesByColour)).toMatchObject({ orderLines: 1 });
    const item = await prisma.orderItem.findFirstOrThrow({ where: { orderId: placed.id } });
    expect(item).toMatchObject({ color: "Navy", colorBn: "Navy বাংলা", selectedSize: "M", qty: 2, colorId: null });
    expect(await stockBy(p.id)).toEqual({ [`${maroon}:M`]: 0, [`${maroon}:L`]: 0 });

    // The last colour leaves its sizes, colourless with their stock.
    await removeColor(testAdmin, p.id, maroon, orderLinesByColour);
    expect(await stockBy(p.id)).toEqual({ "-:M": 0, "-:L": 0 });
    expect((await rejection(removeColor(testAdmin, p.id, maroon, orderLinesByColour))).status).toBe(404);
  });

  it("imports a CSV whole, and one bad row refuses the whole file with nothing changed", async () => {
    const { p, navy, maroon } = await coloured();
    const grid = await readVariantGrid(p.id, orderLinesByColour);
    const sku = (colorId: number, size: string) => grid.cells.find((c) => c.colorId === colorId && c.size === size)!.sku;
    const file = (rows: string[]) => ["SKU,Product,Colour,Size,Stock", ...rows].join("\r\n");
    const bad = file([`${sku(navy, "M")},x,Navy,M,10`, `${sku(maroon, "L")},x,Maroon,L,-4`, `TB-999999999,x,,M,1`, `${sku(navy, "M")},x,Navy,M,3`]);

    const preview = await previewStockImport(testAdmin, bad);
    expect(preview.rows.map((r) => [r.line, r.error ?? "ok"])).toEqual([
      [2, "ok"],
      [3, 'Stock "-4": Quantity cannot be negative'],
      [4, "No variant has the SKU TB-999999999"],
      [5, `${sku(navy, "M")} is in the file twice`],
    ]);
    const refused = await rejection(applyStockImport(testAdmin, bad));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Nothing was changed: 3 rows are wrong (row 3: Stock "-4": Quantity cannot be negative)');
    expect(await stockBy(p.id)).toEqual({ [`${navy}:M`]: 3, [`${navy}:L`]: 2, [`${maroon}:M`]: 0, [`${maroon}:L`]: 0 });

    const good = "\uFEFF" + file([`${sku(navy, "M")},x,Navy,M,10`, `${sku(maroon, "L")},x,Maroon,L,4`, `${sku(navy, "L")},x,Navy,L,2`]);
    const applied = await applyStockImport(testAdmin, good);
    expect(applied).toMatchObject({ changes: 2, unchanged: 1, errors: 0 });
    expect(await stockBy(p.id)).toEqual({ [`${navy}:M`]: 10, [`${navy}:L`]: 2, [`${maroon}:M`]: 0, [`${maroon}:L`]: 4 });
    expect((await previewStockImport(testAdmin, "Name,Qty\na,1")).fileError).toMatch(/SKU and Stock/);
  });
});
