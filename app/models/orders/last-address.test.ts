import { describe, expect, it } from "vitest";

import { address, product, user } from "../../../tests/support/order.fixtures";
import { lastShippingAddress } from "./last-address.server";
import { placeOrder } from "./order.server";

describe("a returning shopper's last address", () => {
  it("is the address of their latest order, not an older one or someone else's", async () => {
    const [buyer, other] = await Promise.all([user(), user()]);
    const p = await product(10, { M: 10 });
    const lines = [{ productId: p.id, size: "M", qty: 1 }];
    await placeOrder({ userId: buyer.id, lines, shippingAddress: address });
    const office = { address: "Level 4, 22 Gulshan Avenue", city: "Dhaka", postalCode: "1212", phone: "01811000000", deliveryLabel: "Office" as const };
    await placeOrder({ userId: buyer.id, lines, shippingAddress: office });
    await placeOrder({ userId: other.id, lines, shippingAddress: { ...address, city: "Chattogram" } });

    await expect(lastShippingAddress(buyer.id)).resolves.toEqual(office);
  });

  it("is nothing for a shopper without orders", async () => {
    const fresh = await user();
    await expect(lastShippingAddress(fresh.id)).resolves.toBeNull();
  });
});
