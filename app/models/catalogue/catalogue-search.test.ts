import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";

import { createTestCategory, createTestProduct, uniqueTag } from "../../../tests/support/catalogue";
import { prisma } from "~/models/platform/index.server";

import { NO_OPTIONS } from "./catalogue-search.server";
import { deleteCategory } from "./category.server";
import { discountPct, effectivePrice } from "./catalogue-sql.server";
import { createDiscount, deleteDiscount, updateDiscount } from "./discount.server";
import { discountedPaisa } from "./pricing";
import { productsByIds, searchProducts } from "./product.server";
import { searchWords, tsQueryText } from "../../utils/search-terms";
import { testAdmin } from "../../../tests/support/actors";

// Search and sort against PostgreSQL: ranking, typo correction, the price a
// shopper pays as the sort key. Filters and counts: catalogue-filters.test.ts.

const names = async (args: Parameters<typeof searchProducts>[0]) => (await searchProducts({ pageSize: 50, ...args })).products.map((p) => p.name);

describe("search terms", () => {
  it("keeps letters, digits and Bangla marks, lower-cased; longer words match as prefixes", () => {
    expect(searchWords("  Nakshi  PANJABI, 50% a_b ")).toEqual(["nakshi", "panjabi", "50", "a", "b"]);
    expect(searchWords("জামদানি শাড়ি")).toEqual(["জামদানি", "শাড়ি"]);
    expect(searchWords("%_!")).toEqual([]);
    expect(searchWords(`pan${"\u0000"}jabi`)).toEqual(["panjabi"]);
    expect(tsQueryText(["panj", "50", "t"])).toBe("panj:* & 50 & t");
    expect(tsQueryText(["silk", "pa"], { typing: true })).toBe("silk:* & pa:*");
  });
});

describe("keyword search", () => {
  it("ranks a name match above a description-only match, and finds words in the description", async () => {
    const tag = uniqueTag();
    const inDescription = await createTestProduct({ name: `Plain ${tag} top`, description: `<p>Soft <strong>muslin${tag}</strong> weave</p>` });
    const inName = await createTestProduct({ name: `Muslin${tag} kurti` });
    expect(await names({ keyword: `muslin${tag}` })).toEqual([inName.name, inDescription.name]);
  });

  it("matches the start of a word and the category name", async () => {
    const tag = uniqueTag();
    const category = await createTestCategory(`Lungi${tag}`);
    const product = await createTestProduct({ name: `Checked ${tag} cotton`, categoryId: category.id });
    expect(await names({ keyword: `lungi${tag.slice(0, 4)} checked` })).toContain(product.name);
    expect(await names({ keyword: `lungi${tag}` })).toEqual([product.name]);
  });

  it("finds Bangla words in names and descriptions", async () => {
    const tag = uniqueTag();
    const saree = await createTestProduct({ name: `জামদানি শাড়ি ${tag}`, description: "<p>ঢাকাই তাঁতের কাজ</p>" });
    expect(await names({ keyword: `শাড়ি ${tag}` })).toEqual([saree.name]);
    expect(await names({ keyword: `ঢাকাই ${tag}` })).toEqual([saree.name]);
  });

  it.each([
    ["panjbi", "panjabi"],
    ["jamdni", "jamdani"],
    // ("kurtee" is a synonym of kurti, so it is no typo: synonyms.test.ts.)
    ["kurtti", "kurti"],
  ])("corrects %s to %s when too little matches as typed", async (typo, word) => {
    const tag = uniqueTag();
    const brand = `Typo${tag}`;
    const wanted = await createTestProduct({ name: `Handloom ${word} ${tag}`, brand });
    const result = await searchProducts({ keyword: `${typo} ${brand}` });
    expect(result.correctedTo).toBe(`${word} ${brand.toLowerCase()}`);
    expect(result.products.map((p) => p.id)).toEqual([wanted.id]);
  });

  it.each(["zzzznothing", "qwertyuiop", "xxxsaree"])("corrects %s to nothing: no close word, so the empty state", async (nonsense) => {
    const result = await searchProducts({ keyword: nonsense });
    expect(result).toMatchObject({ correctedTo: null, products: [], total: 0 });
  });

  it("keeps what matched as typed first, and corrects nothing that is a known word", async () => {
    const tag = uniqueTag();
    const brand = `Keep${tag}`;
    const exact = await createTestProduct({ name: `Panjabi ${tag}`, brand });
    const result = await searchProducts({ keyword: `panjabi ${brand}` });
    expect(result.correctedTo).toBeNull();
    expect(result.products.map((p) => p.id)).toEqual([exact.id]);
  });

  it("finds nothing for a keyword of punctuation only, instead of everything", async () => {
    const result = await searchProducts({ keyword: "%_" });
    expect(result).toMatchObject({ products: [], pages: 1, total: 0 });
  });
});

describe("sort", () => {
  async function pricedCategory() {
    const tag = uniqueTag();
    const category = await createTestCategory(`Sort ${tag}`);
    const make = (name: string, pricePaisa: number, extra: Partial<Parameters<typeof createTestProduct>[0]> = {}) =>
      createTestProduct({ name: `${name} ${tag}`, pricePaisa, categoryId: category.id, ...extra });
    // 1000.00 at 50 % is 500.00: cheaper than the undiscounted 600.00.
    const halved = await make("Halved", 1000_00, { rating: 3, numReviews: 2 });
    const plain = await make("Plain", 600_00, { rating: 5, numReviews: 1 });
    const cheap = await make("Cheap", 300_00, { rating: 5, numReviews: 9 });
    // 19.99 at 33 % is 13.39 (13.3933 rounded), the category's 10 % is beaten by the product's own 33 %.
    const odd = await make("Odd", 1999, { rating: 1, numReviews: 1 });
    await prisma.discount.create({ data: { productId: halved.id, percentage: 50 } });
    await prisma.discount.create({ data: { productId: odd.id, percentage: 33 } });
    await prisma.discount.create({ data: { categoryId: category.id, percentage: 10 } });
    await prisma.discount.create({ data: { productId: plain.id, percentage: 40, isActive: false } });
    return { category, halved, plain, cheap, odd };
  }

  it("orders by the price paid after the best active discount, both ways, as pricing.ts computes it", async () => {
    const { category, halved, plain, cheap, odd } = await pricedCategory();
    const list = async (sort: "price-asc" | "price-desc") => (await searchProducts({ categoryId: category.id, options: { ...NO_OPTIONS, sort } })).products;
    const asc = await list("price-asc");
    expect(asc.map((p) => p.id)).toEqual([odd.id, cheap.id, halved.id, plain.id]);
    expect(asc.map((p) => p.price)).toEqual([13.39, 270, 500, 540]);
    expect(asc[0]!.price * 100).toBe(discountedPaisa(1999, 33));
    expect((await list("price-desc")).map((p) => p.id)).toEqual([plain.id, halved.id, cheap.id, odd.id]);
  });

  it("orders by rating (more reviews first on a tie) and by newest", async () => {
    const { category, halved, plain, cheap, odd } = await pricedCategory();
    const ids = async (sort: "rating" | "newest") =>
      (await searchProducts({ categoryId: category.id, options: { ...NO_OPTIONS, sort } })).products.map((p) => p.id);
    expect(await ids("rating")).toEqual([cheap.id, plain.id, halved.id, odd.id]);
    expect(await ids("newest")).toEqual([odd.id, cheap.id, plain.id, halved.id]);
  });

  it("pages stay whole and in order from either end of a long list", async () => {
    const category = await createTestCategory();
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await createTestProduct({ categoryId: category.id })).id);
    const page = async (n: number) => (await searchProducts({ categoryId: category.id, page: n, pageSize: 3 })).products.map((p) => p.id);
    expect([...(await page(1)), ...(await page(2)), ...(await page(3))]).toEqual(made);
    expect(await page(3)).toEqual(made.slice(6));
    expect(await page(4)).toEqual([]);
    const result = await searchProducts({ categoryId: category.id, page: 3, pageSize: 3 });
    expect(result).toMatchObject({ pages: 3, total: 7 });
  });
});

describe("the price paid, in SQL and in pricing.ts", () => {
  it("agree for every rounding case, with product and category discounts", async () => {
    const category = await createTestCategory();
    await prisma.discount.create({ data: { categoryId: category.id, percentage: 15 } });
    const cases: [number, number | null][] = [
      [1999, 33],
      [1999, 50],
      [1, 50],
      [5, 33],
      [333, 99],
      [10005, 7],
      [2999, null],
      [1, null],
      [0, 40],
      [12345, 15],
      [12345, 14],
    ];
    const made = [];
    for (const [pricePaisa, pct] of cases) {
      const p = await createTestProduct({ categoryId: category.id, pricePaisa });
      if (pct) await prisma.discount.create({ data: { productId: p.id, percentage: pct } });
      made.push(p.id);
    }
    const rows = await prisma.$queryRaw<{ id: number; price: number }[]>(
      Prisma.sql`SELECT p.id, ${effectivePrice} AS price FROM "Product" p WHERE p."categoryId" = ${category.id}::int ORDER BY p.id`,
    );
    const cards = await productsByIds(made);
    expect(rows.map((r) => r.price)).toEqual(cards.map((c) => Math.round(c.price * 100)));
    // 19.99 at 50 % is 10.00 (half rounds up), as pricing.ts promises.
    expect(rows[1]!.price).toBe(discountedPaisa(1999, 50));
    expect(rows[1]!.price).toBe(1000);
  });

  it("stays right as discounts, prices and categories change", async () => {
    const sale = await createTestCategory();
    const other = await createTestCategory();
    const odd = await createTestProduct({ categoryId: sale.id, pricePaisa: 1999 });
    const own = await createTestProduct({ categoryId: sale.id, pricePaisa: 12345 });
    const moved = await createTestProduct({ categoryId: other.id, pricePaisa: 5000 });
    // Ten million taka, the highest price allowed: its discounted amount must not overflow.
    const dear = await createTestProduct({ categoryId: sale.id, pricePaisa: 1_000_000_000 });
    const ids = [odd.id, own.id, moved.id, dear.id];
    await createDiscount(testAdmin, { product: own.id, percentage: 20, isActive: true });
    /** The stored price and percent of each product, next to what a product card (pricing.ts) shows. */
    const stored = async () => {
      const rows = await prisma.$queryRaw<{ id: number; price: number; pct: number }[]>(
        Prisma.sql`SELECT p.id, ${effectivePrice} AS price, ${discountPct} AS pct FROM "Product" p WHERE p.id = ANY(${ids}::int[]) ORDER BY p.id`,
      );
      const cards = await productsByIds(ids);
      expect(rows).toEqual(cards.map((c) => ({ id: c.id, price: Math.round(c.price * 100), pct: c.discountPercentage })));
      return rows.map((r) => r.price);
    };
    expect(await stored()).toEqual([1999, discountedPaisa(12345, 20), 5000, 1_000_000_000]);

    const category = await createDiscount(testAdmin, { category: sale.id, percentage: 33, isActive: true });
    expect(await stored()).toEqual([1339, discountedPaisa(12345, 33), 5000, 670_000_000]);
    await updateDiscount(testAdmin, category.id, { percentage: 10 });
    // The product's own 20 % now beats its category's 10 %.
    expect(await stored()).toEqual([1799, discountedPaisa(12345, 20), 5000, 900_000_000]);
    await updateDiscount(testAdmin, category.id, { percentage: 10, isActive: false });
    expect(await stored()).toEqual([1999, discountedPaisa(12345, 20), 5000, 1_000_000_000]);
    await updateDiscount(testAdmin, category.id, { percentage: 50, isActive: true });
    expect(await stored()).toEqual([1000, discountedPaisa(12345, 50), 5000, 500_000_000]);
    await deleteDiscount(testAdmin, category.id);
    expect(await stored()).toEqual([1999, discountedPaisa(12345, 20), 5000, 1_000_000_000]);

    await createDiscount(testAdmin, { category: other.id, percentage: 25, isActive: true });
    await prisma.product.update({ where: { id: odd.id }, data: { pricePaisa: 2999 } });
    await prisma.product.update({ where: { id: moved.id }, data: { categoryId: sale.id } });
    await prisma.product.update({ where: { id: own.id }, data: { categoryId: other.id } });
    expect(await stored()).toEqual([2999, discountedPaisa(12345, 25), 5000, 1_000_000_000]);
    // Deleting a category removes its discounts and moves its products to category 1.
    await deleteCategory(testAdmin, other.id);
    expect(await stored()).toEqual([2999, discountedPaisa(12345, 20), 5000, 1_000_000_000]);
  });
});
