import { expect, it } from "vitest";

import { installStatementLog } from "../../../tests/support/statement-log.fixtures";

// The home and product pages' extra rows are on the hot path: each must be one
// SQL statement, and show the same prices and order as the rest of the shop.
const { sql, client } = installStatementLog();

const { collectionTiles, relatedCards, topRatedCards } = await import("./merchandising.server");
const { getTopProducts } = await import("./product.server");
const { createTestCategory, createTestProduct } = await import("../../../tests/support/catalogue");

async function once<T>(fn: () => Promise<T>): Promise<T> {
  sql.length = 0;
  const result = await fn();
  expect(sql).toHaveLength(1);
  return result;
}

it("related products: same category, not the product itself, discounted like everywhere else, in one statement", async () => {
  const [shirts, saree] = [await createTestCategory(), await createTestCategory()];
  const product = await createTestProduct({ categoryId: shirts.id });
  const sibling = await createTestProduct({
    categoryId: shirts.id,
    pricePaisa: 1000_00,
    sizes: [
      { size: "M", quantity: 2 },
      { size: "L", quantity: 3 },
    ],
  });
  await createTestProduct({ categoryId: saree.id });
  await client.discount.create({ data: { categoryId: shirts.id, percentage: 10 } });
  await client.discount.create({ data: { productId: sibling.id, percentage: 25 } });
  await client.discount.create({ data: { productId: sibling.id, percentage: 50, isActive: false } });

  const related = await once(() => relatedCards(product.id));
  expect(related.map((p) => p.id)).toEqual([sibling.id]);
  expect(related[0]).toMatchObject({ price: 750, originalPrice: 1000, discountPercentage: 25, countInStock: 5 });
});

it("top rated: the order of /api/products/top, in one statement", async () => {
  const category = await createTestCategory();
  await createTestProduct({ categoryId: category.id, rating: 4.9, numReviews: 2 });
  await createTestProduct({ categoryId: category.id, rating: 4.9, numReviews: 9 });
  await createTestProduct({ categoryId: category.id, rating: 3, numReviews: 1 });
  const top = await once(() => topRatedCards(3));
  expect(top.map((p) => p.id)).toEqual((await getTopProducts(3)).map((p) => p.id));
  expect(top[0]!.numReviews).toBe(9);
});

it("collection tiles: one per category with products, with the first product's picture and the count", async () => {
  const empty = await createTestCategory();
  const jeans = await createTestCategory();
  const first = await createTestProduct({ categoryId: jeans.id, image: "/images/first" });
  await createTestProduct({ categoryId: jeans.id, image: "/images/second" });
  const tiles = await once(() => collectionTiles());
  expect(tiles.find((t) => t.id === jeans.id)).toEqual({ id: jeans.id, name: jeans.name, image: first.image, count: 2 });
  expect(tiles.find((t) => t.id === empty.id)).toBeUndefined();
  expect(tiles.find((t) => t.id === 1)).toBeUndefined();
});
