import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { address, guest, product, user } from "../../../tests/support/order.fixtures";
import { cancelOrder } from "./order-ops.server";
import { adminOrderWhere, ordersCsvStream } from "./order-list.server";
import { listOrdersPage, markDelivered, markPaid, placeOrder } from "./order.server";

describe("the admin order list's filters", () => {
  it("filters by status, cancelled ones apart, and by Dhaka dates with both ends included", async () => {
    const p = await product(100, { M: 20 });
    const admin = await user(true);
    const place = async (at: string) => {
      const o = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
      await prisma.order.update({ where: { id: o.id }, data: { createdAt: new Date(at) } });
      return o.id;
    };
    // 2026-05-01 00:30 in Dhaka is 2026-04-30 18:30 UTC.
    const firstOfMay = await place("2026-04-30T18:30:00Z");
    const lateOnSecond = await place("2026-05-02T17:59:00Z"); // 23:59 in Dhaka
    const third = await place("2026-05-02T18:00:00Z"); // 00:00 on the 3rd in Dhaka
    const lastOfApril = await place("2026-04-30T17:00:00Z"); // 23:00 on 30 April in Dhaka
    await cancelOrder(third, "refused", { id: admin.id, isAdmin: true });
    await markDelivered(lateOnSecond, { id: admin.id, isAdmin: true });

    const ids = async (q: Parameters<typeof listOrdersPage>[0]) => (await listOrdersPage({ pageSize: 50, ...q })).orders.map((o) => o.id);
    expect(await ids({ from: "2026-05-01", to: "2026-05-02" })).toEqual([lateOnSecond, firstOfMay]);
    expect(await ids({ from: "2026-05-03" })).toEqual([third]);
    expect(await ids({ to: "2026-04-30" })).toEqual([lastOfApril]);
    expect(await ids({ filter: "cancelled" })).toEqual([third]);
    const open = await ids({ filter: "undelivered", to: "2026-05-31" });
    expect(open).toEqual([firstOfMay, lastOfApril]);
    expect(await ids({ filter: "unpaid", to: "2026-05-31" })).toEqual([lateOnSecond, firstOfMay, lastOfApril]);
  });
});

describe("the admin order search", () => {
  it("finds an order by its number as written on the order page, by the bare number, and by its id's first characters", async () => {
    const p = await product(100, { M: 5 });
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const digits = order.orderNumber.replace("TB-", "");
    const ids = async (keyword: string) => (await listOrdersPage({ pageSize: 50, keyword })).orders.map((o) => o.id);
    for (const keyword of [order.orderNumber, order.orderNumber.toLowerCase(), digits, order.id.slice(0, 8)]) {
      expect(await ids(keyword)).toContain(order.id);
    }
    expect(await ids(`TB-${Number(digits) + 1_000_000}`)).not.toContain(order.id);
  });
});

describe("the admin order search by phone", () => {
  it("finds an order by the buyer's phone however it is typed, and not by another number", async () => {
    const p = await product(100, { M: 5 });
    const order = await placeOrder({
      ...guest,
      lines: [{ productId: p.id, size: "M", qty: 1 }],
      shippingAddress: { ...address, phone: "01819424242" },
    });
    const ids = async (keyword: string) => (await listOrdersPage({ pageSize: 50, keyword })).orders.map((o) => o.id);
    for (const keyword of ["01819424242", "+880 1819-424242", "8801819424242", "০১৮১৯৪২৪২৪২", "424242"]) {
      expect(await ids(keyword), keyword).toContain(order.id);
    }
    expect(await ids("01819424243")).not.toContain(order.id);
  });
});

describe("the order CSV export", () => {
  it("writes Dhaka times and says so in the header", async () => {
    const p = await product(100, { M: 5 });
    const admin = await user(true);
    const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    // 18:30 UTC on 30 April is half past midnight on 1 May in Dhaka.
    await prisma.order.update({ where: { id: order.id }, data: { createdAt: new Date("2026-04-30T18:30:00Z") } });
    await markPaid(order.id, { id: admin.id, isAdmin: true });
    await prisma.order.update({ where: { id: order.id }, data: { paidAt: new Date("2026-05-01T06:05:09Z") } });

    let text = "";
    for await (const chunk of ordersCsvStream(adminOrderWhere({ keyword: order.id }))) text += String(chunk);
    const [columns, cells] = parse(text, { bom: true }) as string[][];
    expect(columns).toContain("Placed at (Dhaka time, UTC+6)");
    expect(cells![columns!.indexOf("Placed at (Dhaka time, UTC+6)")]).toBe("2026-05-01 00:30:00");
    expect(cells![columns!.indexOf("Paid at (Dhaka time, UTC+6)")]).toBe("2026-05-01 12:05:09");
    expect(cells![columns!.indexOf("Delivered at (Dhaka time, UTC+6)")]).toBe("");
  });
});
