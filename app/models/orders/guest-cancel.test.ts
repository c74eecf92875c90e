import { describe, expect, it } from "vitest";

import { prisma } from "~/models/platform/index.server";

import { PROOF_REQUIRED, PROOF_WRONG } from "./guest-cancel.server";
import { address, guest, product, rejection, stockOf, user } from "../../../tests/support/order.fixtures";
import { cancelOrder } from "./order-ops.server";
import { placeOrder } from "./order.server";

let n = 0;
const ip = () => `cancel-${Date.now().toString(36)}-${n++}`;

async function guestOrder() {
  const p = await product(10, { M: 5 });
  const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 2 }], shippingAddress: address });
  return { order, productId: p.id };
}

const cancelledAt = async (id: string) => (await prisma.order.findUniqueOrThrow({ where: { id } })).cancelledAt;

describe("a guest cancels only with the checkout phone or e-mail", () => {
  it("refuses no proof (400) and a wrong one (403), and nothing changes", async () => {
    const { order, productId } = await guestOrder();
    const missing = await rejection(cancelOrder(order.id, undefined, null, { ip: ip() }));
    expect(missing).toMatchObject({ status: 400, message: PROOF_REQUIRED });
    const wrong = await rejection(cancelOrder(order.id, undefined, null, { phone: "01811000000", ip: ip() }));
    expect(wrong).toMatchObject({ status: 403, message: PROOF_WRONG });
    // A signed-in stranger is no better than a guest.
    const stranger = await user();
    expect((await rejection(cancelOrder(order.id, undefined, { id: stranger.id, isAdmin: false }, { ip: ip() }))).status).toBe(400);
    expect(await cancelledAt(order.id)).toBeNull();
    expect(await stockOf(productId, "M")).toBe(3);
  });

  it("cancels with the phone in another form, and the stock comes back", async () => {
    const { order, productId } = await guestOrder();
    await expect(cancelOrder(order.id, undefined, null, { phone: "+880 1711-000000", ip: ip() })).resolves.toMatchObject({ cancelReason: "customer-asked" });
    expect(await stockOf(productId, "M")).toBe(5);
  });

  it("lets an admin cancel a guest order without proof", async () => {
    const { order } = await guestOrder();
    const admin = await user(true);
    await expect(cancelOrder(order.id, "refused", { id: admin.id, isAdmin: true })).resolves.toMatchObject({ cancelReason: "refused" });
  });

  it("limits wrong guesses at one order with 429", async () => {
    const { order } = await guestOrder();
    for (let i = 0; i < 10; i++) await rejection(cancelOrder(order.id, undefined, null, { email: `x${i}@example.com`, ip: ip() }));
    expect((await rejection(cancelOrder(order.id, undefined, null, { email: guest.email, ip: ip() }))).status).toBe(429);
    expect(await cancelledAt(order.id)).toBeNull();
  });
});
