import { prisma } from "~/models/platform/db.server";

import { createTestProduct, type TestProductInput } from "./catalogue";

// A product sold in colours (issue 38), written the way the back office stores one: a ProductColor
// row per colour and a ProductSize row (the variant) per colour and size.

export type TestColour = { name: string; nameBn?: string; hex?: string; sizes: { size: string; quantity: number }[] };

export async function createColouredProduct(input: Omit<TestProductInput, "sizes"> & { colours: TestColour[] }) {
  const { colours, ...rest } = input;
  const product = await createTestProduct({ ...rest, sizes: [] });
  for (const [position, colour] of colours.entries()) {
    const row = await prisma.productColor.create({
      data: { productId: product.id, name: colour.name, nameBn: colour.nameBn ?? null, hex: colour.hex ?? "#1f2a44", position },
    });
    await prisma.productSize.createMany({
      data: colour.sizes.map((s, i) => ({ productId: product.id, colorId: row.id, size: s.size, quantity: s.quantity, position: i })),
    });
  }
  return product;
}
