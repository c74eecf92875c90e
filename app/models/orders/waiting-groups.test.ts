import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { address, guest, product } from "../../../tests/support/order.fixtures";
import { listOrdersPage, placeOrder } from "./order.server";
import { getDashboardStats } from "./stats.server";

// The dashboard's "Waiting for action" groups (issue 41 item 2, decision 085):
// each count is exactly what its order list filter shows, and no order is in two.

describe("waiting for action", () => {
  it("counts orders to confirm, to ship, with the courier and to collect, each as its list shows", async () => {
    const p = await product(1000, { M: 20 });
    const place = async () => (await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address })).id;
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push(await place());
    const [toConfirm, toShip1, toShip2, withCourier, codOnRoad, toCollect, done, cancelled, paidEarly] = ids as [string, ...string[]];
    const now = new Date();
    const set = (id: string, data: object) => prisma.order.update({ where: { id }, data });
    await set(toConfirm, { confirmedAt: null, confirmMethod: null });
    for (const id of [toShip1, toShip2, withCourier, codOnRoad, toCollect, done, cancelled, paidEarly])
      await set(id!, { confirmedAt: now, confirmMethod: "call" });
    await set(withCourier!, { shippedAt: now, courier: "pathao", isPaid: true, paidAt: now });
    // Shipped cash on delivery, unpaid: still on the road, so "with the courier", not "to collect".
    await set(codOnRoad!, { shippedAt: now, courier: "steadfast" });
    await set(toCollect!, { shippedAt: now, isDelivered: true, deliveredAt: now });
    await set(done!, { shippedAt: now, isDelivered: true, deliveredAt: now, isPaid: true, paidAt: now });
    await set(cancelled!, { cancelledAt: now, cancelReason: "refused" });
    // Paid before it left (a bKash transfer): still to ship.
    await set(paidEarly!, { isPaid: true, paidAt: now });

    const stats = await getDashboardStats();
    expect(stats.waiting.groups).toEqual([
      { key: "toConfirm", status: "unconfirmed", count: 1 },
      { key: "toShip", status: "toship", count: 3 },
      { key: "withCourier", status: "shipped", count: 2 },
      { key: "toCollect", status: "tocollect", count: 1 },
    ]);
    const listed = async (filter: "unconfirmed" | "toship" | "shipped" | "tocollect") =>
      (await listOrdersPage({ page: 1, filter })).orders.map((o) => o.id).sort();
    expect(await listed("unconfirmed")).toEqual([toConfirm]);
    expect(await listed("toship")).toEqual([toShip1, toShip2, paidEarly].sort());
    expect(await listed("shipped")).toEqual([withCourier, codOnRoad].sort());
    expect(await listed("tocollect")).toEqual([toCollect]);
  });
});
