import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";
import { placeOrder } from "~/models/orders/index.server";

import { address, guest, product, stockOf } from "../../../tests/support/order.fixtures";
import { readLineProducts } from "./stock.server";

const root = path.resolve(__dirname, "../..");
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));

describe("stock has one owner (issue 39 item 2)", () => {
  it("no file outside catalogue names the stock table", () => {
    const offenders = files(root)
      .filter((f) => /\.tsx?$/.test(f) && !f.includes(`${path.sep}models${path.sep}catalogue${path.sep}`) && !/\.test\.tsx?$/.test(f))
      .filter((f) => /"ProductSize"|\.productSize\b/.test(fs.readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });

  it("placeOrder prices from the products the cart read, without reading them again", async () => {
    const p = await product(100, { M: 3 });
    const lines = [{ productId: p.id, size: "M", qty: 1 }];
    const products = await readLineProducts(lines);
    // The admin changes the price after the cart's read: the order keeps what the buyer was shown.
    await prisma.product.update({ where: { id: p.id }, data: { pricePaisa: 500_00 } });
    const order = await placeOrder({ ...guest, lines, shippingAddress: address, products });
    expect(order.orderItems[0]!.price).toBe(100);
    expect(await stockOf(p.id, "M")).toBe(2);
  });
});
