import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { address, product, rejection, stockOf, returningBuyer, user } from "../../../tests/support/order.fixtures";
import { markShipped } from "./order-ops.server";
import { placeOrder } from "./order.server";
import { recordPartReturn } from "./part-return.server";

// Partly delivered (decision 095): only the items the admin counts back restock, and only once.

describe("items back after a partial delivery", () => {
  it("restocks only the quantities named, once, even when asked twice at the same moment", async () => {
    const admin = { id: (await user(true)).id, isAdmin: true };
    const p = await product(500, { M: 5, L: 5 });
    const order = await placeOrder({
      userId: (await returningBuyer()).id,
      lines: [
        { productId: p.id, size: "M", qty: 3 },
        { productId: p.id, size: "L", qty: 1 },
      ],
      shippingAddress: address,
    });
    await markShipped(order.id, { courier: "steadfast", trackingNumber: `PR${Date.now()}` }, admin);
    await expect(rejection(recordPartReturn(order.id, { returned: [] }, admin))).resolves.toMatchObject({ status: 409 });
    await prisma.order.update({ where: { id: order.id }, data: { courierStatus: "partly_delivered", codCollectedPaisa: 100_000 } });
    const items = await prisma.orderItem.findMany({ where: { orderId: order.id } });
    const [m, l] = ["M", "L"].map((size) => items.find((i) => i.selectedSize === size)!.id);
    expect((await rejection(recordPartReturn(order.id, { returned: [{ item: m!, qty: 4 }] }, admin))).status).toBe(400);
    const ask = () =>
      recordPartReturn(
        order.id,
        {
          returned: [
            { item: m!, qty: 2 },
            { item: l!, qty: 0 },
          ],
        },
        admin,
      );
    const results = await Promise.allSettled([ask(), ask()]);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok")).sort()).toEqual([
      "ServiceError: The items that came back are already recorded for this order",
      "ok",
    ]);
    expect(await stockOf(p.id, "M")).toBe(4);
    expect(await stockOf(p.id, "L")).toBe(4);
    const after = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { items: { orderBy: { selectedSize: "desc" } } } });
    expect(after).toMatchObject({ isDelivered: true, isPaid: true });
    expect(after.items.map((i) => i.returnedQty)).toEqual([2, 0]);
  });
});
