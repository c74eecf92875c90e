import { describe, expect, it } from "vitest";

import type { ListOptions } from "~/schemas/catalogue";
import { listOptionsSchema, parseListOptionsLenient } from "~/schemas/catalogue";
import { prisma } from "~/models/platform/index.server";

import { createTestCategory, createTestProduct, uniqueTag } from "../../../tests/support/catalogue";

import { clearFacetCache, listFacets } from "./catalogue-facets.server";
import { NO_OPTIONS } from "./catalogue-search.server";
import { searchProducts } from "./product.server";

// Filters narrow a list; the counts beside each value are computed for the
// current list, each facet ignoring its own selection.

async function shelf() {
  const tag = uniqueTag();
  const category = await createTestCategory(`Shelf ${tag}`);
  const make = (name: string, brand: string, pricePaisa: number, sizes: { size: string; quantity: number }[]) =>
    createTestProduct({ name: `${name} ${tag}`, brand, pricePaisa, sizes, categoryId: category.id });
  const a = await make("Alpha", "Aarong", 500_00, [
    { size: "M", quantity: 2 },
    { size: "L", quantity: 0 },
  ]);
  const b = await make("Beta", "Aarong", 1500_00, [{ size: "L", quantity: 1 }]);
  const c = await make("Gamma", "Yellow", 2500_00, [{ size: "M", quantity: 0 }]);
  const d = await make("Delta", "Sailor", 3000_00, [
    { size: "M", quantity: 4 },
    { size: "XL", quantity: 1 },
  ]);
  // Delta is 3000.00 at 50 %: 1500.00 paid, on sale.
  await prisma.discount.create({ data: { productId: d.id, percentage: 50 } });
  clearFacetCache();
  return { category, a, b, c, d };
}

const opts = (over: Partial<ListOptions>): ListOptions => ({ ...NO_OPTIONS, ...over });

describe("filters", () => {
  it("narrow by size in stock, brand, stock, sale and the price paid", async () => {
    const { category, a, b, c, d } = await shelf();
    const ids = async (over: Partial<ListOptions>) => (await searchProducts({ categoryId: category.id, options: opts(over) })).products.map((p) => p.id);
    expect(await ids({})).toEqual([a.id, b.id, c.id, d.id]);
    expect(await ids({ size: ["M"] })).toEqual([a.id, d.id]); // Gamma's M is sold out
    expect(await ids({ size: ["L", "XL"] })).toEqual([b.id, d.id]);
    expect(await ids({ brand: ["Aarong", "Sailor"] })).toEqual([a.id, b.id, d.id]);
    expect(await ids({ inStock: true })).toEqual([a.id, b.id, d.id]);
    expect(await ids({ onSale: true })).toEqual([d.id]);
    expect(await ids({ minPrice: 1000, maxPrice: 2000 })).toEqual([b.id, d.id]);
    expect(await ids({ maxPrice: 1499.99 })).toEqual([a.id]);
    expect(await ids({ brand: ["Aarong"], size: ["L"], inStock: true })).toEqual([b.id]);
  });

  it("combine with a search and count the filtered total for paging", async () => {
    const { a, d } = await shelf();
    const tag = a.name.split(" ")[1]!;
    const result = await searchProducts({ keyword: tag, options: opts({ size: ["M"] }), pageSize: 1 });
    expect(result.products.map((p) => p.id)).toEqual([a.id]);
    expect(result).toMatchObject({ pages: 2, total: 2 });
    const second = await searchProducts({ keyword: tag, options: opts({ size: ["M"] }), page: 2, pageSize: 1 });
    expect(second.products.map((p) => p.id)).toEqual([d.id]);
  });
});

describe("counts beside each filter value", () => {
  it("count the current list, each facet without its own selection", async () => {
    const { category } = await shelf();
    const all = await listFacets({ categoryId: category.id, options: NO_OPTIONS });
    expect(all.sizes).toEqual([
      { value: "M", count: 2 },
      { value: "L", count: 1 },
      { value: "XL", count: 1 },
    ]);
    expect(all.brands).toEqual([
      { value: "Aarong", count: 2 },
      { value: "Sailor", count: 1 },
      { value: "Yellow", count: 1 },
    ]);
    expect(all).toMatchObject({ inStock: 3, onSale: 1, priceRange: { min: 500, max: 2500 } });

    // Brand Aarong picked: sizes count Aarong only, brands still count every brand.
    const aarong = await listFacets({ categoryId: category.id, options: opts({ brand: ["Aarong"] }) });
    expect(aarong.sizes).toEqual([
      { value: "M", count: 1 },
      { value: "L", count: 1 },
    ]);
    expect(aarong.brands.map((x) => x.value)).toEqual(["Aarong", "Sailor", "Yellow"]);
    expect(aarong).toMatchObject({ inStock: 2, onSale: 0 });
  });

  it("count a search's results", async () => {
    const { a } = await shelf();
    const tag = a.name.split(" ")[1]!;
    const facets = await listFacets({ keyword: `alpha ${tag}` });
    expect(facets.brands).toEqual([{ value: "Aarong", count: 1 }]);
    expect(facets.sizes).toEqual([{ value: "M", count: 1 }]);
  });
});

describe("list options from the URL", () => {
  it("reads repeated values, drops bad ones on pages, and rejects them for the API", () => {
    const params = new URLSearchParams("sort=price-asc&size=M&size=L&brand=Aarong&color=Maroon&inStock=1&minPrice=abc&maxPrice=200");
    expect(parseListOptionsLenient(params)).toEqual({
      sort: "price-asc",
      size: ["M", "L"],
      brand: ["Aarong"],
      color: ["Maroon"],
      inStock: true,
      onSale: false,
      minPrice: undefined,
      maxPrice: 200,
    });
    expect(parseListOptionsLenient(new URLSearchParams("sort=cheapest")).sort).toBeUndefined();
    expect(listOptionsSchema.safeParse({ sort: "cheapest" }).success).toBe(false);
    expect(listOptionsSchema.safeParse({ minPrice: "-1" }).success).toBe(false);
  });
});
