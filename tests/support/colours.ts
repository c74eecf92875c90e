import { createTestProduct, uniqueTag, type TestProductInput } from "./catalogue";
import { prisma } from "./db";

// Products sold in colours (issue 38), written the way the back office stores one: a ProductColor
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

// A product of a test's own in two colours, with the seeded panjabi's pictures per colour
// so the gallery visibly follows the colour. Navy has M and L; Maroon has M only, so a size's stock differs.

export const NAVY = { name: "Navy", nameBn: "নেভি", hex: "#1f3a5f" };
export const MAROON = { name: "Maroon", nameBn: "মেরুন", hex: "#7a1f2b" };

export async function createColourProduct() {
  const seeded = await prisma.product.findFirstOrThrow({
    where: { name: "Slim Fit Solid Panjabi" },
    include: { colors: { orderBy: { position: "asc" } } },
  });
  const pictures = (name: string) => seeded.colors.find((c) => c.name === name)!.images;
  const product = await createTestProduct({ name: `Colour Panjabi ${uniqueTag()}`, image: pictures("Navy")[0], sizes: [] });
  const [navy, maroon] = [
    await prisma.productColor.create({ data: { productId: product.id, ...NAVY, images: pictures("Navy"), position: 0 } }),
    await prisma.productColor.create({ data: { productId: product.id, ...MAROON, images: pictures("Maroon"), position: 1 } }),
  ];
  await prisma.productSize.createMany({
    data: [
      { productId: product.id, colorId: navy.id, size: "M", position: 0, quantity: 5 },
      { productId: product.id, colorId: navy.id, size: "L", position: 1, quantity: 5 },
      { productId: product.id, colorId: maroon.id, size: "M", position: 0, quantity: 2 },
      { productId: product.id, colorId: maroon.id, size: "L", position: 1, quantity: 0 },
    ],
  });
  return { product, navy, maroon };
}
