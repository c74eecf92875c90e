import { prisma } from "~/models/platform/db.server";

// Catalogue rows of a test's own, with unique names so parallel tests against
// the shared seeded database never see each other's products.

export function uniqueTag() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export async function createTestCategory(name = `Test category ${uniqueTag()}`) {
  return prisma.category.create({ data: { name } });
}

export type TestProductInput = {
  name?: string;
  brand?: string;
  pricePaisa?: number;
  categoryId?: number;
  description?: string;
  image?: string;
  images?: string[];
  sizes?: { size: string; quantity: number }[];
  rating?: number;
  numReviews?: number;
  status?: "draft" | "active";
};

export async function createTestProduct(input: TestProductInput = {}) {
  const tag = uniqueTag();
  return prisma.product.create({
    data: {
      name: input.name ?? `Test product ${tag}`,
      brand: input.brand ?? `Brand ${tag}`,
      pricePaisa: input.pricePaisa ?? 1000_00,
      categoryId: input.categoryId ?? 1,
      description: input.description ?? "<p>A test product.</p>",
      image: input.image ?? "/placeholder.svg",
      rating: input.rating ?? 0,
      numReviews: input.numReviews ?? 0,
      status: input.status ?? "active",
      sizes: { create: (input.sizes ?? [{ size: "M", quantity: 5 }]).map((s, position) => ({ ...s, position })) },
      images: { create: (input.images ?? []).map((url, position) => ({ url, position })) },
    },
  });
}
