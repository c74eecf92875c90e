import { createTestProduct, uniqueTag } from "./catalogue";
import { prisma } from "./db";

// A product of a test's own in two colours (issue 38), with the seeded panjabi's pictures per colour
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
