import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";
import { cancelOrder, placeOrder } from "~/models/orders/index.server";

import { address, guest, product, rejection, stockOf, user } from "../../../tests/support/order.fixtures";
import { readProductRows } from "./product-read.server";
import { toProductDTO } from "./product.server";

/** A product in Navy and Maroon, each with its own stock of M and L. */
async function coloured(stock: { Navy: [number, number]; Maroon: [number, number] }) {
  const p = await product(100, {});
  for (const [position, [name, [m, l]]] of Object.entries(stock).entries()) {
    const c = await prisma.productColor.create({ data: { productId: p.id, name, nameBn: `${name} বাংলা`, hex: position ? "#7b1e2b" : "#1f2a44", position } });
    await prisma.productSize.createMany({
      data: [
        { productId: p.id, colorId: c.id, size: "M", quantity: m, position: 0 },
        { productId: p.id, colorId: c.id, size: "L", quantity: l, position: 1 },
      ],
    });
  }
  return p;
}

const variantStock = async (productId: number, color: string, size: string) =>
  (await prisma.productSize.findFirstOrThrow({ where: { productId, size, color: { name: color } } })).quantity;

const order = (productId: number, color: string | undefined, size = "M", qty = 1) =>
  placeOrder({ ...guest, lines: [{ productId, size, qty, ...(color ? { color } : {}) }], shippingAddress: address });

describe("variants (issue 38)", () => {
  it("sells each colour's own stock under concurrent orders, never below zero", async () => {
    const p = await coloured({ Navy: [3, 2], Maroon: [5, 2] });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => order(p.id, "Navy")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await variantStock(p.id, "Navy", "M")).toBe(0);
    expect(await variantStock(p.id, "Maroon", "M")).toBe(5);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.status).toBe(409);
  });

  it("names the colour on the order item, and a cancel gives back that colour's stock", async () => {
    const p = await coloured({ Navy: [3, 2], Maroon: [5, 2] });
    const placed = await order(p.id, "maroon", "L", 2);
    expect(placed.orderItems[0]).toMatchObject({ selectedSize: "L", color: "Maroon", colorBn: "Maroon বাংলা", qty: 2 });
    expect(await variantStock(p.id, "Maroon", "L")).toBe(0);
    const admin = await user(true);
    await cancelOrder(placed.id, "out-of-stock", { id: admin.id, isAdmin: true });
    expect(await variantStock(p.id, "Maroon", "L")).toBe(2);
    expect(await variantStock(p.id, "Navy", "L")).toBe(2);
  });

  it("refuses with a 400 a colour the product does not have, and a line without colour for a product with colours", async () => {
    const p = await coloured({ Navy: [3, 2], Maroon: [5, 2] });
    expect((await rejection(order(p.id, "Green"))).status).toBe(400);
    expect((await rejection(order(p.id, undefined))).message).toBe("Please choose a colour");
    const plain = await product(100, { M: 2 });
    expect((await rejection(order(plain.id, "Navy"))).status).toBe(400);
    // A colourless product orders as it always did.
    await order(plain.id, undefined);
    expect(await stockOf(plain.id, "M")).toBe(1);
  });

  it("gives the seed API's sizes as totals over colours, and unchanged without colours", async () => {
    const p = await coloured({ Navy: [3, 2], Maroon: [5, 0] });
    const plain = await product(100, { S: 1, M: 4 });
    const [withColours, without] = await Promise.all([readProductRows(prisma, [p.id]), readProductRows(prisma, [plain.id])]);
    const dto = toProductDTO(withColours[0]!);
    expect(dto.sizes).toEqual([
      { size: "M", quantity: 8 },
      { size: "L", quantity: 2 },
    ]);
    expect(dto.countInStock).toBe(10);
    expect(dto.variants.map((v) => [v.color, v.size, v.quantity])).toEqual([
      ["Navy", "M", 3],
      ["Navy", "L", 2],
      ["Maroon", "M", 5],
      ["Maroon", "L", 0],
    ]);
    expect(dto.variants[0]).toMatchObject({ sku: expect.stringMatching(/^TB-\d+$/), colorBn: "Navy বাংলা", hex: "#1f2a44" });
    const plainDto = toProductDTO(without[0]!);
    expect(plainDto.sizes).toEqual([
      { size: "S", quantity: 1 },
      { size: "M", quantity: 4 },
    ]);
    expect(plainDto.variants.every((v) => v.color === null)).toBe(true);
  });
});
