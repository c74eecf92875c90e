import { beforeAll, describe, expect, it } from "vitest";

import { setPhone } from "~/models/customers/index.server";
import { DEFAULT_SETTINGS, saveSettings } from "~/models/platform/index.server";

import { testAdmin } from "../../../tests/support/actors";
import { address, product, user } from "../../../tests/support/order.fixtures";
import { placeOrder } from "./order.server";
import { listCustomersByPhone } from "./phone-customers.server";

// "Customers by phone" (issue 37): the phone's record from the customers domain, with the name on
// its latest order and how many accounts ordered with it from the orders (decision 116).

beforeAll(() => saveSettings(testAdmin, { ...DEFAULT_SETTINGS, ordersPerPhonePerDay: 1000, ordersPerEmailPerDay: 1000, ordersPerAccountPerDay: 1000 }));

describe("customers by phone", () => {
  it("shows each phone's latest name and how many accounts ordered with it, and a phone without orders bare", async () => {
    const p = await product(100, { M: 20 });
    const line = { productId: p.id, size: "M", qty: 1 };
    const phone = "01755000001";
    const [first, second] = [await user(), await user()];
    await placeOrder({ name: "Guest Rina", email: "rina@example.com", lines: [line], shippingAddress: { ...address, phone } });
    await placeOrder({ userId: first.id, lines: [line], shippingAddress: { ...address, phone } });
    await placeOrder({ userId: first.id, lines: [line], shippingAddress: { ...address, phone } });
    const latest = await placeOrder({ userId: second.id, lines: [line], shippingAddress: { ...address, phone } });
    await setPhone(testAdmin, "01755000002", { note: "Called before any order" });

    const { customers, total } = await listCustomersByPhone({ q: "0175500000" });
    expect(total).toBe(2);
    // The phone with orders first (the latest buyer first), then the one with a note only.
    expect(customers.map((c) => [c.phone, c.name, c.accounts])).toEqual([
      [phone, second.name, 2],
      ["01755000002", null, 0],
    ]);
    expect(customers[0]).toMatchObject({ placed: 4, lastOrderAt: latest.createdAt });
    expect(customers[1]).toMatchObject({ placed: 0, lastOrderAt: null, note: "Called before any order" });
  });

  it("is empty for a start no phone has", async () => {
    expect(await listCustomersByPhone({ q: "0199999" })).toEqual({ customers: [], page: 1, pages: 1, total: 0 });
  });
});
