import { afterEach, describe, expect, it, vi } from "vitest";

import type { ListOptions } from "~/schemas/catalogue";
import { prisma } from "~/models/platform/index.server";

import { createTestCategory, uniqueTag } from "../../../tests/support/catalogue";
import { createColouredProduct, MAROON, NAVY } from "../../../tests/support/colours";

import { clearFacetCache, FACET_TTL_MS, listFacets } from "./catalogue-facets.server";
import { NO_OPTIONS } from "./catalogue-search.server";
import { searchProducts } from "./product.server";

// A category filtered by colour keeps its total like the facets' counts (decision 114): the
// products listed are always live, the "N products" and the pager may lag by seconds, agree with
// the colour's count beside them, and catch up in the background.

const navyOnly: ListOptions = { ...NO_OPTIONS, color: ["Navy"] };

async function navyShelf(count: number) {
  const tag = uniqueTag();
  const { id: categoryId } = await createTestCategory(`Kept totals ${tag}`);
  const products = [];
  for (let i = 0; i < count; i++) {
    products.push(
      await createColouredProduct({
        name: `Kurta ${i} ${tag}`,
        categoryId,
        colours: [
          { ...NAVY, sizes: [{ size: "M", quantity: 2 }] },
          { ...MAROON, sizes: [{ size: "L", quantity: 1 }] },
        ],
      }),
    );
  }
  clearFacetCache();
  return { categoryId, ids: products.map((p) => p.id) };
}

const navyCount = async (categoryId: number, options = navyOnly) =>
  (await listFacets({ categoryId, options })).colors.find((c) => c.value === "Navy")?.count ?? 0;

async function sellOutNavy(productId: number) {
  const navy = await prisma.productColor.findFirstOrThrow({ where: { productId, name: "Navy" } });
  await prisma.productSize.updateMany({ where: { colorId: navy.id }, data: { quantity: 0 } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a filtered list's total", () => {
  it("is the number of matching products, pages included, and agrees with the colour's count", async () => {
    const { categoryId, ids } = await navyShelf(5);
    const page = (n: number) => searchProducts({ categoryId, options: navyOnly, page: n, pageSize: 2 });
    // The first render counts; the next ones take the kept total.
    for (let round = 0; round < 2; round++) {
      const [first, second, last] = [await page(1), await page(2), await page(3)];
      expect(first.products.map((p) => p.id)).toEqual(ids.slice(0, 2));
      expect([first.total, first.pages]).toEqual([5, 3]);
      expect([second.total, second.pages]).toEqual([5, 3]);
      expect(last.products.map((p) => p.id)).toEqual(ids.slice(4));
      expect([last.total, last.pages]).toEqual([5, 3]);
    }
    expect(await navyCount(categoryId)).toBe(5);
    const small = await searchProducts({ categoryId, options: navyOnly });
    expect([small.total, small.pages]).toEqual([5, 1]);
  });

  it("lists the products live and catches up with a stock change in the background", async () => {
    const { categoryId, ids } = await navyShelf(6);
    const page1 = () => searchProducts({ categoryId, options: navyOnly, page: 1, pageSize: 2 });
    expect((await page1()).total).toBe(6);
    expect(await navyCount(categoryId)).toBe(6);

    await sellOutNavy(ids[0]!);
    await sellOutNavy(ids[1]!);
    // The products shown are live at once; the total lags like the colour's count beside it.
    const soon = await page1();
    expect(soon.products.map((p) => p.id)).toEqual(ids.slice(2, 4));
    expect(soon.total).toBe(6);
    expect(await navyCount(categoryId)).toBe(6);
    // A page that shows the end knows the exact total: 4 products, so page 2 is the last.
    const end = await searchProducts({ categoryId, options: navyOnly, page: 2, pageSize: 2 });
    expect(end.products.map((p) => p.id)).toEqual(ids.slice(4));
    expect([end.total, end.pages]).toEqual([4, 2]);

    // Once the kept numbers are older than their time to live, a render recounts in the background.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + FACET_TTL_MS + 1_000);
    await page1();
    await navyCount(categoryId);
    vi.useRealTimers();
    await vi.waitFor(async () => expect((await page1()).total).toBe(4), { timeout: 5_000, interval: 50 });
    await vi.waitFor(async () => expect(await navyCount(categoryId)).toBe(4), { timeout: 5_000, interval: 50 });
    expect((await page1()).pages).toBe(2);
  });
});
