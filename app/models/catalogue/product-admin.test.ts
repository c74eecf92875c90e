import { describe, expect, it } from "vitest";

import { product } from "../../../tests/support/order.fixtures";
import { listAdminProducts } from "./product-admin.server";

describe("the admin product list", () => {
  it("sorts by total stock either way, ties by id, and pages the sorted list", async () => {
    const tag = "Stocksort";
    const many = await product(10, { S: 5, M: 5 }, `${tag} many`);
    const none = await product(10, { S: 0 }, `${tag} none`);
    const few = await product(10, { S: 1, M: 1 }, `${tag} few`);
    const alsoFew = await product(10, { L: 2 }, `${tag} also few`);
    const names = async (sort: "id" | "stock-asc" | "stock-desc", page = 1, pageSize = 10) =>
      (await listAdminProducts({ keyword: tag, sort, page, pageSize })).products.map((p) => p.id);

    expect(await names("id")).toEqual([many.id, none.id, few.id, alsoFew.id]);
    expect(await names("stock-asc")).toEqual([none.id, few.id, alsoFew.id, many.id]);
    expect(await names("stock-desc")).toEqual([many.id, few.id, alsoFew.id, none.id]);
    expect(await names("stock-asc", 2, 3)).toEqual([many.id]);
    const firstPage = await listAdminProducts({ keyword: tag, sort: "stock-asc", page: 1, pageSize: 3 });
    expect(firstPage.pages).toBe(2);
    expect(firstPage.products[0]!.sizes).toEqual([{ size: "S", quantity: 0 }]);
  });
});
