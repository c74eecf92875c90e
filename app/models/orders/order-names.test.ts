import fs from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { renderMail } from "~/models/mail/index.server";
import { address, product } from "../../../tests/support/order.fixtures";
import { linkDomains } from "~/domain-links.server";
import { getOrderForViewer, placeOrder } from "./order.server";

// An order line keeps both of the product's names as they were when it was ordered
// (issue 28 item 16): a Bangla order reads in Bangla on its page, in its e-mails
// and in the API, whatever happens to the product afterwards.

let n = 0;
const email = () => `names-${Date.now().toString(36)}-${n++}@example.com`;

async function bilingualOrder(lang: "en" | "bn") {
  const named = await product(1250, { M: 3 }, `Jamdani Saree ${++n}`);
  const p = await prisma.product.update({ where: { id: named.id }, data: { nameBn: `জামদানি শাড়ি ${n}` } });
  const plain = await product(450, { L: 3 }, `Crew Neck Tee ${++n}`);
  const order = await placeOrder({
    name: "Rahima Khatun",
    email: email(),
    lines: [
      { productId: p.id, size: "M", qty: 1 },
      { productId: plain.id, size: "L", qty: 2 },
    ],
    shippingAddress: address,
    lang,
  });
  return { order, p, plain };
}

// Orders and accounts lend the send step what their messages say (app/domain-links.server.ts), as every server does.
beforeAll(() => linkDomains());

describe("order lines keep both names", () => {
  it("stores the English and the Bangla name; a product without Bangla keeps null", async () => {
    const { order, p, plain } = await bilingualOrder("bn");
    expect(order.orderItems).toEqual([
      expect.objectContaining({ product: p.id, name: p.name, nameBn: p.nameBn }),
      expect.objectContaining({ product: plain.id, name: plain.name, nameBn: null }),
    ]);
    const rows = await prisma.orderItem.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.name, r.nameBn])).toEqual([
      [p.name, p.nameBn],
      [plain.name, null],
    ]);
  });

  it("keeps the names of the time of ordering when the product is renamed or deleted", async () => {
    const { order, p, plain } = await bilingualOrder("bn");
    await prisma.product.update({ where: { id: p.id }, data: { name: "Renamed", nameBn: "নতুন নাম" } });
    await prisma.product.delete({ where: { id: plain.id } });
    const read = await getOrderForViewer(order.id, { id: 0, isAdmin: true });
    expect(read.orderItems.map((i) => [i.product, i.name, i.nameBn])).toEqual([
      [p.id, p.name, p.nameBn],
      [null, plain.name, null],
    ]);
  });

  it("a Bangla order's e-mail names the items in Bangla (the English where there is none); an English one in English", async () => {
    const bn = await bilingualOrder("bn");
    const mail = await renderMail({ template: "order-placed", data: { orderId: bn.order.id } });
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(bn.p.nameBn!);
      expect(part).not.toContain(bn.p.name);
      expect(part).toContain(bn.plain.name);
    }

    const en = await bilingualOrder("en");
    const english = await renderMail({ template: "order-placed", data: { orderId: en.order.id } });
    for (const part of [english.html, english.text]) {
      expect(part).toContain(en.p.name);
      expect(part).not.toContain(en.p.nameBn!);
    }
  });

  it("the migration gives lines placed before it the Bangla name of the product they still name", async () => {
    const { order, p, plain } = await bilingualOrder("bn");
    await prisma.product.update({ where: { id: plain.id }, data: { nameBn: "সাধারণ টি-শার্ট" } });
    const renamed = await product(300, { S: 2 }, `Old Name ${++n}`);
    const older = await prisma.order.create({
      data: {
        shippingName: "Old Buyer",
        shippingEmail: email(),
        address: "Road 1",
        city: "Dhaka",
        postalCode: "1205",
        phone: "01711000000",
        itemsPaisa: 300_00,
        shippingPaisa: 10_00,
        taxPaisa: 45_00,
        totalPaisa: 355_00,
        items: { create: [{ productId: renamed.id, name: renamed.name, image: renamed.image, pricePaisa: 300_00, qty: 1, selectedSize: "S" }] },
      },
    });
    // Renamed after that order: its Bangla name is the new product's, not what was bought.
    await prisma.product.update({ where: { id: renamed.id }, data: { name: "Since Renamed", nameBn: "নতুন পণ্য" } });
    await prisma.orderItem.updateMany({ where: { orderId: order.id }, data: { nameBn: null } });

    const migration = fs.readFileSync(path.resolve("prisma/migrations/20261129200000_order_item_name_bn/migration.sql"), "utf8");
    const backfill = migration.slice(migration.indexOf("UPDATE"));
    await prisma.$executeRawUnsafe(backfill);

    const lines = await prisma.orderItem.findMany({ where: { orderId: { in: [order.id, older.id] } }, orderBy: { id: "asc" } });
    expect(lines.map((l) => l.nameBn)).toEqual([p.nameBn, "সাধারণ টি-শার্ট", null]);
  });
});
