import { expect, test } from "@playwright/test";

import { createTestProduct } from "../support/catalogue";

// Issue 28 item 14: the order API checks the postal code with the shipping
// form's schema: four digits, Latin or Bangla, kept as sent; anything else is a
// 400 whose message says what is wanted.

const POSTAL_CODE_MESSAGE = "Enter the 4-digit postal code, like 1205 (Bangla digits such as ১২০৫ are fine)";
const rnd = () => Math.floor(Math.random() * 250) + 1;

function order(productId: number, postalCode: unknown) {
  return {
    orderItems: [{ product: productId, qty: 1, selectedSize: "M" }],
    shippingAddress: { address: "House 7, Road 2", city: "Dhaka", postalCode, phone: "01811000000", deliveryLabel: "Home" },
    paymentMethod: "Cash on Delivery",
    name: "Postal Guest",
    email: "postal.guest@example.com",
  };
}

test("POST /api/orders refuses a postal code that is not four digits, saying so", async ({ request }) => {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 10 }] });
  for (const postalCode of ["abc", "120", "12345", "12-05"]) {
    const res = await request.post("/api/orders", { data: order(p.id, postalCode), headers: { "X-Forwarded-For": `10.28.${rnd()}.${rnd()}` } });
    expect(res.status(), postalCode).toBe(400);
    expect(await res.json(), postalCode).toEqual({ message: POSTAL_CODE_MESSAGE, errors: { "shippingAddress.postalCode": [POSTAL_CODE_MESSAGE] } });
  }
});

test("POST /api/orders takes a postal code in Bangla digits and gives it back as sent", async ({ request }) => {
  const p = await createTestProduct({ sizes: [{ size: "M", quantity: 10 }] });
  const res = await request.post("/api/orders", { data: order(p.id, "১২০৫"), headers: { "X-Forwarded-For": `10.28.${rnd()}.${rnd()}` } });
  expect(res.status()).toBe(201);
  const placed = await res.json();
  expect(placed.shippingAddress.postalCode).toBe("১২০৫");
  const read = await request.get(`/api/orders/${placed.id}`);
  expect((await read.json()).shippingAddress.postalCode).toBe("১২০৫");
});
