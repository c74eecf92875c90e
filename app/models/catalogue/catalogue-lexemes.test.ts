import { describe, expect, it } from "vitest";

import { installStatementLog } from "../../../tests/support/statement-log.fixtures";
import { testAdmin } from "../../../tests/support/actors";

// A one-word search is answered from the word table (ProductLexeme, kept by
// triggers; docs/decisions/022-one-word-search.md) instead of the full-text
// index plus every matching product row. It must find, count and order exactly
// what the full-text query does, and follow every change of a document.
const { sql, client } = installStatementLog();

const { findCataloguePage } = await import("./catalogue-search.server");
const { updateCategory } = await import("./category.server");
const { deleteProduct, updateProduct } = await import("./product.server");
const { createTestCategory, createTestProduct, uniqueTag } = await import("../../../tests/support/catalogue");

/** The full-text index's answer to one tsquery: every match, ranked by ts_rank. */
async function fullText(text: string) {
  const rows = await client.$queryRaw<{ id: number }[]>`
    SELECT p.id FROM "Product" p WHERE p."searchDocument" @@ to_tsquery('simple', ${text})
    ORDER BY ts_rank(p."searchDocument", to_tsquery('simple', ${text})) DESC, p.id`;
  return rows.map((r) => r.id);
}

/** Every page of a search, joined, with the total the first page reported. */
async function allPages(keyword: string, pageSize: number) {
  const first = await findCataloguePage({ keyword, page: 1, pageSize });
  const ids = [...first.ids];
  for (let page = 2; page <= first.pages; page++) ids.push(...(await findCataloguePage({ keyword, page, pageSize })).ids);
  return { ids, total: first.total, pages: first.pages };
}

const ids = async (keyword: string) => (await findCataloguePage({ keyword, page: 1, pageSize: 50 })).ids;

/** The product's rows in the word table, and what its current document says they must be. */
async function wordTableOf(productId: number) {
  const kept = await client.$queryRaw<{ lexeme: string; rank: number }[]>`
    SELECT "lexeme", "rank" FROM "ProductLexeme" WHERE "productId" = ${productId} ORDER BY "lexeme"`;
  const expected = await client.$queryRaw<{ lexeme: string; rank: number }[]>`
    SELECT l."lexeme", l."rank" FROM "Product" p, product_lexemes(p.id, p."searchDocument") l
    WHERE p.id = ${productId} ORDER BY l."lexeme"`;
  return { kept, expected };
}

describe("one-word search from the word table", () => {
  it("finds, counts and orders what the full-text query does, page by page, without reading the products", async () => {
    const tag = uniqueTag();
    const word = `zari${tag}`;
    const made = [
      await createTestProduct({ name: `Zari${tag} panjabi` }),
      await createTestProduct({ name: `Plain ${tag} kurti`, description: `<p>Fine zari${tag} work</p>` }),
      // Two words of this document start with the searched one: their ranks add up.
      await createTestProduct({ name: `Zari${tag}wala kurti`, description: `<p>zari${tag} and more zari${tag}wala</p>` }),
      await createTestProduct({ name: `Cotton ${tag} shirt`, brand: `Zari${tag}` }),
      await createTestProduct({ name: `Silk ${tag} saree`, description: `<p>zari${tag}, zari${tag} and zari${tag}</p>` }),
    ];
    await createTestProduct({ name: `Unrelated ${tag} lungi`, description: "<p>zari</p>" });

    sql.length = 0;
    const { ids: found, total, pages } = await allPages(word.toUpperCase(), 2);
    expect(sql.some((s) => s.includes('"ProductLexeme"'))).toBe(true);
    expect(sql.some((s) => s.includes('"searchDocument" @@'))).toBe(false);

    expect(total).toBe(made.length);
    expect(pages).toBe(3);
    expect(found).toEqual(await fullText(`${word}:*`));
    expect(new Set(found)).toEqual(new Set(made.map((p) => p.id)));
    // A name match outranks a description-only one.
    expect(found.indexOf(made[0]!.id)).toBeLessThan(found.indexOf(made[1]!.id));

    expect(await ids(`zari${tag}wala`)).toEqual([made[2]!.id]);
    expect(await findCataloguePage({ keyword: word, page: 9, pageSize: 2 })).toMatchObject({ ids: [], total: made.length, pages: 3 });
  });

  it("leaves a word with filters, a sort, letters outside a–z or an exponent-like start to the full-text query", async () => {
    const tag = uniqueTag();
    const product = await createTestProduct({ name: `Khadi${tag} fotua` });
    sql.length = 0;
    const sorted = await findCataloguePage({
      keyword: `khadi${tag}`,
      options: { size: [], brand: [], inStock: true, onSale: false, sort: "price-asc" },
      page: 1,
      pageSize: 8,
    });
    expect(sorted.ids).toEqual([product.id]);
    expect(sql.some((s) => s.includes('"ProductLexeme"'))).toBe(false);

    const bangla = await createTestProduct({ name: `${tag} খাদি ফতুয়া` });
    expect(await ids("ফতুয়া")).toContain(bangla.id);

    // The parser reads "1e5..." as the number 1e5 and then a word: one searched word, two lexemes.
    // Both products match as typed, a page's worth, so nothing is "corrected".
    const models = [await createTestProduct({ name: `Model 1e5${tag}` }), await createTestProduct({ name: `Spare 1e5${tag}` })];
    const exponent = await findCataloguePage({ keyword: `1e5${tag}`, page: 1, pageSize: 2 });
    expect(exponent).toMatchObject({ total: 2, correctedTo: null });
    expect(new Set(exponent.ids)).toEqual(new Set(models.map((m) => m.id)));
  });

  it("follows a product's creation, edits, its category's new name and its deletion", async () => {
    const tag = uniqueTag();
    const category = await createTestCategory(`Lungi${tag}`);
    const product = await createTestProduct({ name: `Checked${tag} gamcha`, categoryId: category.id });
    expect(await wordTableOf(product.id)).toMatchObject({ kept: expect.arrayContaining([expect.objectContaining({ lexeme: `checked${tag}` })]) });
    let table = await wordTableOf(product.id);
    expect(table.kept).toEqual(table.expected);
    expect(await ids(`lungi${tag}`)).toEqual([product.id]);

    await updateProduct(testAdmin, product.id, {
      name: `Striped${tag} gamcha`,
      price: 450,
      image: "/placeholder.svg",
      additionalImages: [],
      brand: "Aarong",
      categoryId: category.id,
      description: `<p>Woven in Tangail${tag}</p>`,
      sizes: [{ size: "Free", quantity: 3 }],
    });
    table = await wordTableOf(product.id);
    expect(table.kept).toEqual(table.expected);
    expect(await ids(`checked${tag}`)).toEqual([]);
    expect(await ids(`striped${tag}`)).toEqual([product.id]);
    expect(await ids(`tangail${tag}`)).toEqual([product.id]);

    await updateCategory(testAdmin, category.id, { name: `Sarong${tag}` });
    table = await wordTableOf(product.id);
    expect(table.kept).toEqual(table.expected);
    expect(await ids(`lungi${tag}`)).toEqual([]);
    expect(await ids(`sarong${tag}`)).toEqual([product.id]);

    await deleteProduct(testAdmin, product.id);
    expect((await wordTableOf(product.id)).kept).toEqual([]);
    expect(await ids(`striped${tag}`)).toEqual([]);
  });

  it("keeps the rows of products added many at a time", async () => {
    const tag = uniqueTag();
    await client.product.createMany({
      data: [1, 2, 3].map((i) => ({
        name: `Batch${tag} item ${i}`,
        pricePaisa: 100_00,
        image: "/placeholder.svg",
        brand: "Batch",
        description: `<p>Number ${i}</p>`,
      })),
    });
    const found = await ids(`batch${tag}`);
    expect(found).toHaveLength(3);
    expect(found).toEqual(await fullText(`batch${tag}:*`));
    for (const id of found) {
      const table = await wordTableOf(id);
      expect(table.kept).toEqual(table.expected);
    }
  });
});
