import { describe, expect, it } from "vitest";

import { installStatementLog } from "../../../tests/support/statement-log.fixtures";
import { synonymLookup, tsQueryText, withSynonyms } from "../../utils/search-terms";

// Issue 41 item 5: a shopper who stops half-way through a word still finds it.
// "shar" finds the sharees and sharis (and the sarees they mean), "jin" the jins
// and jeans, in the list, its pages' word table and the suggestions, and in
// Bangla too. This file's database is its own: only the products made here exist.
const { sql } = installStatementLog();

const { findCataloguePage } = await import("./catalogue-search.server");
const { didYouMean } = await import("./search-hint.server");
const { suggest } = await import("./catalogue-suggest.server");
const { searchProducts } = await import("./product.server");
const { prisma } = await import("../platform/db.server");
const { createTestCategory, createTestProduct } = await import("../../../tests/support/catalogue");

const names = async (keyword: string) => (await searchProducts({ keyword, pageSize: 50 })).products.map((p) => p.name).sort();

const sarees = await createTestCategory("Saree");
const saree = await createTestProduct({ name: "Tangail Cotton Saree", brand: "Kay Kraft", categoryId: sarees.id });
const sharee = await createTestProduct({ name: "Dhakai Sharee", brand: "Aarong", categoryId: sarees.id });
const shari = await createTestProduct({ name: "Jamdani Shari", brand: "Aarong", categoryId: sarees.id });
const jeans = await createTestProduct({ name: "Slim Fit Stretch Jeans", brand: "Yellow" });
const jins = await createTestProduct({ name: "Blue Jins", brand: "Richman" });
await createTestProduct({ name: "Block Print Long Kurti", brand: "Sara" });
await prisma.product.update({ where: { id: sharee.id }, data: { nameBn: "ঢাকাই শাড়ি" } });
const SAREES = [saree.name, sharee.name, shari.name].sort();
const JEANS = [jeans.name, jins.name].sort();

describe("a partial word (pure)", () => {
  const lookup = synonymLookup([
    ["saree", "sari", "shari", "sharee", "শাড়ি"],
    ["jeans", "jins", "জিন্স"],
  ]);

  it("takes the synonyms of every term it starts, without repeating what its own prefix finds", () => {
    expect(tsQueryText(withSynonyms(["shar"], lookup))).toBe("(shar:* | saree:* | sari:* | শাড়ি:*)");
    expect(tsQueryText(withSynonyms(["jin"], lookup))).toBe("(jin:* | jeans:* | জিন্স:*)");
    expect(tsQueryText(withSynonyms(["জিন"], lookup))).toBe("(জিন:* | jeans:* | jins:*)");
  });

  it("leaves a word of one or two letters alone: it matches exactly, as before", () => {
    expect(tsQueryText(withSynonyms(["sh"], lookup))).toBe("sh");
    expect(tsQueryText(withSynonyms(["blue", "ji"], lookup), { typing: true })).toBe("blue:* & ji:*");
  });
});

describe("search with a partial word", () => {
  it("shar finds sharee, shari and the sarees they mean, never the brand Sara", async () => {
    for (const typed of ["shar", "Shar", "sha"]) expect(await names(typed), typed).toEqual(SAREES);
    expect((await searchProducts({ keyword: "shar" })).correctedTo).toBeNull();
  });

  it("jin finds jins and jeans", async () => {
    expect(await names("jin")).toEqual(JEANS);
    expect(await names("blue jin")).toEqual([jins.name]);
  });

  it("in Bangla a prefix finds the word's products and its synonyms'", async () => {
    expect(await names("শাড়")).toEqual(SAREES);
    expect(await names("জিন")).toEqual(JEANS);
    expect(await names("ঢাকা")).toEqual([sharee.name]);
  });

  it("answers a one-word partial search from the word table, every page counted", async () => {
    sql.length = 0;
    const page = await findCataloguePage({ keyword: "shar", page: 1, pageSize: 2 });
    expect(sql.some((s) => s.includes('"ProductLexeme"'))).toBe(true);
    expect(page).toMatchObject({ total: 3, pages: 2 });
  });

  it("suggests them as a shopper types", async () => {
    expect((await suggest("shar")).products.map((p) => p.name).sort()).toEqual(SAREES);
    expect((await suggest("jin")).products.map((p) => p.name).sort()).toEqual(JEANS);
    expect((await suggest("শাড়", "bn")).categories).toEqual([{ id: sarees.id, name: "Saree" }]);
  });

  it("keeps Did you mean for a real typo", async () => {
    expect(await didYouMean({ keyword: "jamdnai" })).toBe("jamdani");
  });
});
