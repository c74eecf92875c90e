import { describe, expect, it } from "vitest";

import { parseOrderNumber } from "~/utils/order-number";

import { address, guest, product, rejection, user } from "../../../tests/support/order.fixtures";
import { findGuestOrder } from "./order-lookup.server";
import { placeOrder } from "./order.server";

let n = 0;
const ip = () => `lookup-${Date.now().toString(36)}-${n++}`;

async function guestOrder() {
  const p = await product(10, { M: 10 });
  const order = await placeOrder({ ...guest, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
  return { order, number: parseOrderNumber(order.orderNumber)! };
}

describe("a guest finds an order by number and e-mail or phone", () => {
  it("opens it with the right pair, in any usual spelling", async () => {
    const { order, number } = await guestOrder();
    for (const input of [
      { orderNumber: `TB-${number}`, email: guest.email },
      { orderNumber: `tb${number}`, email: guest.email.toUpperCase() },
      { orderNumber: `${number}`, phone: "+880 1711-000000" },
      { orderNumber: `${number}`, phone: "০১৭১১০০০০০০" },
    ]) {
      await expect(findGuestOrder({ ...input, ip: ip() })).resolves.toMatchObject({ id: order.id });
    }
  });

  it("gives one 404 for a wrong e-mail, phone or number", async () => {
    const { number } = await guestOrder();
    const wrong = [
      { orderNumber: `${number}`, email: "someone-else@example.com" },
      { orderNumber: `${number}`, phone: "01811000000" },
      { orderNumber: `${number + 100000}`, email: guest.email },
      { orderNumber: "not-a-number", email: guest.email },
    ];
    const errors = await Promise.all(wrong.map((w) => rejection(findGuestOrder({ ...w, ip: ip() }))));
    expect(new Set(errors.map((e) => `${e.status} ${e.message}`)).size).toBe(1);
    expect(errors[0]!.status).toBe(404);
  });

  it("does not open an account's order, whatever the pair", async () => {
    const p = await product(10, { M: 10 });
    const u = await user();
    const order = await placeOrder({ userId: u.id, lines: [{ productId: p.id, size: "M", qty: 1 }], shippingAddress: address });
    const e = await rejection(findGuestOrder({ orderNumber: order.orderNumber, email: u.email, ip: ip() }));
    expect(e.status).toBe(404);
  });

  it("limits guesses at one order number with 429", async () => {
    const { number } = await guestOrder();
    for (let i = 0; i < 10; i++) await rejection(findGuestOrder({ orderNumber: `${number}`, email: `x${i}@example.com`, ip: ip() }));
    const e = await rejection(findGuestOrder({ orderNumber: `${number}`, email: guest.email, ip: ip() }));
    expect(e.status).toBe(429);
  });
});
