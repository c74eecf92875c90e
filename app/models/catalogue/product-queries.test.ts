import { expect, it } from "vitest";

import { installStatementLog } from "../../../tests/support/statement-log.fixtures";

// No N+1: the product list must cost the same number of SQL statements whatever
// the page size. A client that logs every statement is put where db.server
// looks for the shared one, before any app module is imported.
const { sql, client } = installStatementLog();

const { listProducts, getTopProducts } = await import("./product.server");
const { createTestCategory, createTestProduct } = await import("../../../tests/support/catalogue");

async function statementsFor(fn: () => Promise<unknown>) {
  sql.length = 0;
  await fn();
  return [...sql];
}

it("lists a page of 2 and a page of 8 with the same, constant number of SQL statements", async () => {
  const category = await createTestCategory();
  for (let i = 0; i < 8; i++) {
    const p = await createTestProduct({
      categoryId: category.id,
      images: ["/images/a", "/images/b"],
      sizes: [
        { size: "S", quantity: 1 },
        { size: "M", quantity: 2 },
      ],
    });
    await client.discount.create({ data: { productId: p.id, percentage: 5 } });
  }
  await client.discount.create({ data: { categoryId: category.id, percentage: 10 } });

  const small = await statementsFor(() => listProducts({ categoryId: category.id, pageSize: 2 }));
  const large = await statementsFor(() => listProducts({ categoryId: category.id, pageSize: 8 }));
  expect(small.length).toBeGreaterThan(0);
  expect(large.length).toBe(small.length);
  // count + products + one batched query per included relation, never one per product
  expect(large.length).toBeLessThanOrEqual(8);

  const page = await listProducts({ categoryId: category.id, pageSize: 8 });
  expect(page.products).toHaveLength(8);
  expect(page.products.every((p) => p.sizes.length === 2 && p.additionalImages.length === 2)).toBe(true);
  expect(page.products.every((p) => p.discountPercentage === 10)).toBe(true);

  const top = await statementsFor(() => getTopProducts());
  expect(top.length).toBeLessThanOrEqual(large.length);
});
