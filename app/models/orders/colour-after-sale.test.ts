import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";

import type { Lang } from "~/i18n/languages";
import { renderMail } from "~/models/mail/index.server";
import { prisma } from "~/models/platform/index.server";

import { address, guest, product } from "../../../tests/support/order.fixtures";
import { linkDomains } from "~/domain-links.server";
import { placeOrder } from "./index.server";
import { adminOrderWhere, ordersCsvStream } from "./order-list.server";
import { labelData, picklist } from "./packing.server";

// Issue 38 item 3: after the sale every place that lists an order's lines names the colour with the
// size (the order page, cart and slip already do: decision 099). A line of a product without colours
// reads as it did before colours.

/** A kurta in Maroon and Navy, each in M and L, and a plain one in sizes only. */
async function colourProduct() {
  const p = await product(1500, {}, `Dyed Kurta ${Date.now().toString(36)}`);
  const colours = await Promise.all(
    [
      { name: "Maroon", nameBn: "মেরুন", hex: "#7a1f2b", position: 0 },
      { name: "Navy", nameBn: "নেভি", hex: "#1f3a5f", position: 1 },
    ].map((c) => prisma.productColor.create({ data: { productId: p.id, ...c, images: [] } })),
  );
  await prisma.productSize.createMany({
    data: colours.flatMap((c) => ["M", "L"].map((size, position) => ({ productId: p.id, colorId: c.id, size, position, quantity: 9 }))),
  });
  return p;
}

async function colourOrder(lang?: Lang) {
  const [kurta, plain] = [await colourProduct(), await product(800, { L: 5 })];
  const order = await placeOrder({
    ...guest,
    lines: [
      { productId: kurta.id, color: "Maroon", size: "M", qty: 1 },
      { productId: plain.id, size: "L", qty: 2 },
    ],
    shippingAddress: address,
    lang,
  });
  return { order, kurta, plain };
}

// Orders and accounts lend the send step what their messages say (app/domain-links.server.ts), as every server does.
beforeAll(() => linkDomains());

describe("colour after the sale", () => {
  it("the order e-mail names the colour with the size, in HTML and text; a line without colour reads as before", async () => {
    const { order } = await colourOrder();
    const mail = await renderMail({ template: "order-placed", data: { orderId: order.id } });
    expect(mail.text).toContain(", colour Maroon, size M × 1: ");
    expect(mail.html).toContain("Colour Maroon · Size M × 1");
    // The plain product: no empty colour.
    expect(mail.text).toMatch(/Test Panjabi \d+, size L × 2: /);
    expect(mail.html).toContain(">Size L × 2<");
    expect(mail.text.match(/colour/gi)).toHaveLength(1);
  });

  it("in Bangla the colour has its Bangla name", async () => {
    const { order } = await colourOrder("bn");
    const mail = await renderMail({ template: "order-placed", data: { orderId: order.id } });
    expect(mail.text).toContain(", রং মেরুন, সাইজ M × ১: ");
    expect(mail.html).toContain("রং মেরুন · সাইজ M × ১");
    expect(mail.text).toMatch(/Test Panjabi \d+, সাইজ L × ২: /);
    expect(mail.text).not.toContain("Maroon");
  });

  it("the orders CSV has a Colour column next to Size, empty for a line without colour", async () => {
    const { order, kurta, plain } = await colourOrder();
    let text = "";
    for await (const chunk of ordersCsvStream(adminOrderWhere({ keyword: order.id }))) text += String(chunk);
    const [columns, ...rows] = parse(text, { bom: true }) as string[][];
    expect(columns!.slice(columns!.indexOf("Product"), columns!.indexOf("Product") + 3)).toEqual(["Product", "Colour", "Size"]);
    const cell = (row: string[], column: string) => row[columns!.indexOf(column)];
    const rowOf = (name: string) => rows.find((r) => cell(r, "Product") === name)!;
    expect([cell(rowOf(kurta.name), "Colour"), cell(rowOf(kurta.name), "Size")]).toEqual(["Maroon", "M"]);
    expect([cell(rowOf(plain.name), "Colour"), cell(rowOf(plain.name), "Size")]).toEqual(["", "L"]);
  });

  it("the picklist keeps two colours of one size apart, each with its quantity and orders", async () => {
    const kurta = await colourProduct();
    const order = (color: string, qty: number) => placeOrder({ ...guest, lines: [{ productId: kurta.id, color, size: "M", qty }], shippingAddress: address });
    const orders = [await order("Navy", 2), await order("Maroon", 1), await order("Navy", 1)];
    const list = await picklist(orders.map((o) => o.id));
    expect(list.lines.map((l) => [l.color, l.size, l.qty, l.orders])).toEqual([
      ["Maroon", "M", 1, [orders[1]!.orderNumber]],
      ["Navy", "M", 3, [orders[0]!.orderNumber, orders[2]!.orderNumber]],
    ]);
  });

  it("the label lists each line with its colour and size", async () => {
    const { order, kurta, plain } = await colourOrder();
    const [label] = await labelData([order.id]);
    expect(label!.items).toEqual([
      { name: kurta.name, color: "Maroon", size: "M", qty: 1 },
      { name: plain.name, color: null, size: "L", qty: 2 },
    ]);
  });
});
