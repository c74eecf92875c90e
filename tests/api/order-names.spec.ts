import { expect, test } from "@playwright/test";

import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Issue 28 item 16: an order line carries both of the product's names as they
// were when it was ordered, `name` and `nameBn` (null where there was no Bangla
// name), on the order's answer and on every later read of it.

const address = { address: "House 7, Road 2, Gulshan", city: "Dhaka", postalCode: "1212", phone: "01811000000", deliveryLabel: "Office" };

test("order lines answer both names, kept as they were when ordered", async ({ request }) => {
  const tag = uniqueTag();
  const made = await createTestProduct({ name: `Jamdani ${tag}`, sizes: [{ size: "M", quantity: 5 }] });
  const bangla = await prisma.product.update({ where: { id: made.id }, data: { nameBn: `জামদানি ${tag}` } });
  const plain = await createTestProduct({ name: `Plain ${tag}`, sizes: [{ size: "M", quantity: 5 }] });

  const res = await request.post("/api/orders", {
    data: {
      orderItems: [
        { product: bangla.id, qty: 1, selectedSize: "M" },
        { product: plain.id, qty: 1, selectedSize: "M" },
      ],
      shippingAddress: address,
      paymentMethod: "Cash on Delivery",
      name: "Names Guest",
      email: `names-${tag}@example.com`,
    },
  });
  expect(res.status()).toBe(201);
  const order = (await res.json()) as { id: string; orderItems: { product: number; name: string; nameBn: string | null }[] };
  const lines = (o: typeof order) => o.orderItems.map((i) => ({ product: i.product, name: i.name, nameBn: i.nameBn }));
  expect(lines(order)).toEqual([
    { product: bangla.id, name: bangla.name, nameBn: bangla.nameBn },
    { product: plain.id, name: plain.name, nameBn: null },
  ]);

  // Renaming the product later changes nothing on the order.
  await prisma.product.update({ where: { id: bangla.id }, data: { name: `Renamed ${tag}`, nameBn: `নতুন ${tag}` } });
  const read = await request.get(`/api/orders/${order.id}`);
  expect(read.status()).toBe(200);
  expect(lines(await read.json())).toEqual(lines(order));
});
