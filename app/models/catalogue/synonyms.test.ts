import { describe, expect, it } from "vitest";

import { synonymGroupSchema } from "~/schemas/synonyms";

import { installStatementLog } from "../../../tests/support/statement-log.fixtures";
import { synonymLookup, tsQueryText, withSynonyms } from "../../utils/search-terms";

// Issue 28 item 22: the synonym table. What a Bangladeshi shopper types ("sari",
// "shari", "jins", "punjabi", "কামিজ") finds what the catalogue calls it, across
// scripts, in the list, its counts and the suggestions, and is never "corrected".
// This file's database is its own: only the products made here exist.
const { sql, client } = installStatementLog();

const { findCataloguePage } = await import("./catalogue-search.server");
const { listFacets, clearFacetCache } = await import("./catalogue-facets.server");
const { suggest } = await import("./catalogue-suggest.server");
const { searchProducts } = await import("./product.server");
const { deleteSynonymGroup, listSynonymGroups, saveSynonymGroup } = await import("./synonyms.server");
const { onCatalogueChange } = await import("../platform/cache-events.server");
const { createTestCategory, createTestProduct } = await import("../../../tests/support/catalogue");

const admin = { id: 1, isAdmin: true };
const names = async (keyword: string) => (await searchProducts({ keyword, pageSize: 50 })).products.map((p) => p.name).sort();
const group = (terms: string) => synonymGroupSchema.parse({ terms }).terms;

const sarees = await createTestCategory("Saree");
const tangail = await createTestProduct({ name: "Tangail Cotton Saree", brand: "Kay Kraft", categoryId: sarees.id });
const jamdani = await createTestProduct({ name: "Handloom Jamdani Saree", brand: "Aarong", categoryId: sarees.id });
const sara = await createTestProduct({ name: "Block Print Long Kurti", brand: "Sara" });
const jeans = await createTestProduct({ name: "Slim Fit Stretch Jeans", brand: "Yellow" });
const panjabi = await createTestProduct({ name: "Casual Cotton Panjabi", brand: "Infinity" });
await createTestProduct({ name: "Printed Lawn Kameez", brand: "Deshal" });
const SAREES = [jamdani.name, tangail.name].sort();

describe("synonym rules (pure)", () => {
  it("reads a group's terms as a search reads words: each once, lower case, T-Shirt as the phrase 't shirt'", () => {
    expect(group(" Sari, SAREE = shari;\nশাড়ি, sari ")).toEqual(["sari", "saree", "shari", "শাড়ি"]);
    expect(group("T-Shirt, t shirt, genji")).toEqual(["t-shirt", "genji"]);
    const lookup = synonymLookup([
      ["sari", "saree", "শাড়ি"],
      ["T-Shirt", "genji"],
    ]);
    expect(lookup.get("sari")).toEqual([["saree"], ["শাড়ি"]]);
    expect(lookup.get("শাড়ি")).toEqual([["sari"], ["saree"]]);
    // A phrase is found by its group's words, never looked up itself.
    expect(lookup.get("genji")).toEqual([["t", "shirt"]]);
    expect(lookup.has("t")).toBe(false);
  });

  it("makes each word match any of its synonyms, each as if typed", () => {
    const lookup = synonymLookup([
      ["sari", "saree", "shari", "শাড়ি"],
      ["T-Shirt", "tee", "genji"],
    ]);
    expect(tsQueryText(withSynonyms(["shari", "silk"], lookup))).toBe("(shari:* | sari:* | saree:* | শাড়ি:*) & silk:*");
    expect(tsQueryText(withSynonyms(["genji"], lookup))).toBe("(genji:* | t <-> shirt:* | tee:*)");
    expect(tsQueryText(withSynonyms(["blue", "ge"], lookup), { typing: true })).toBe("blue:* & ge:*");
  });

  it("refuses a group of one term, an empty term or a long phrase, saying why", () => {
    const errors = (terms: string) => synonymGroupSchema.safeParse({ terms }).error?.issues.map((i) => i.message);
    expect(errors("sari")).toEqual(["Enter at least two terms that mean the same, separated by commas"]);
    expect(errors("sari, Sari, SARI")).toEqual(["Enter at least two terms that mean the same, separated by commas"]);
    expect(errors("sari, %%")).toEqual(["“%%” has no letters or digits"]);
    expect(errors("kurti, one two three four")).toEqual(["“one two three four” is too long: a term is a word or a phrase of up to 3 words"]);
  });
});

describe("search with the shop's default synonyms", () => {
  it("sari, saree, shari, sharee and শাড়ি all find the sarees, and nothing else", async () => {
    for (const typed of ["sari", "saree", "shari", "Sharee", "শাড়ি", "শাড়ী"]) expect(await names(typed), typed).toEqual(SAREES);
  });

  it("never corrects sari to the brand Sara: a synonym is a known word", async () => {
    const result = await searchProducts({ keyword: "sari" });
    expect(result.correctedTo).toBeNull();
    expect(result.products.map((p) => p.id)).not.toContain(sara.id);
    // A real typo is still corrected, to the catalogue's own word.
    expect((await searchProducts({ keyword: "jamdnai" })).correctedTo).toBe("jamdani");
  });

  it.each([
    ["jins", "Slim Fit Stretch Jeans"],
    ["জিন্স", "Slim Fit Stretch Jeans"],
    ["punjabi", "Casual Cotton Panjabi"],
    ["পাঞ্জাবী", "Casual Cotton Panjabi"],
    ["kamiz", "Printed Lawn Kameez"],
    ["কামিজ", "Printed Lawn Kameez"],
  ])("%s finds %s", async (typed, name) => {
    expect(await names(typed)).toEqual([name]);
  });

  it("combines with the other words: every word must still match", async () => {
    expect(await names("tangail sari")).toEqual([tangail.name]);
    expect(await names("shari jins")).toEqual([]);
  });

  it("answers a one-word search from the word table, ranked as the full-text index ranks the synonyms", async () => {
    sql.length = 0;
    const page = await findCataloguePage({ keyword: "shari", page: 1, pageSize: 50 });
    expect(sql.some((s) => s.includes('"ProductLexeme"'))).toBe(true);
    const text = "shari:* | sari:* | saree:* | sharee:* | শাড়ি:* | শাড়ী:*";
    const rows = await client.$queryRaw<{ id: number }[]>`
      SELECT p.id FROM "Product" p WHERE p."searchDocument" @@ to_tsquery('simple', ${text})
      ORDER BY ts_rank(p."searchDocument", to_tsquery('simple', ${text})) DESC, p.id`;
    expect(page.ids).toEqual(rows.map((r) => r.id));
    expect(page.total).toBe(2);
  });

  it("counts the filters over the same products as the list", async () => {
    clearFacetCache();
    const facets = await listFacets({ keyword: "shari" });
    expect(facets.brands).toEqual([
      { value: "Aarong", count: 1 },
      { value: "Kay Kraft", count: 1 },
    ]);
  });

  it("suggests the synonyms' products and category as a shopper types, in either script", async () => {
    expect((await suggest("jins")).products.map((p) => p.id)).toEqual([jeans.id]);
    const saree = await suggest("শাড়ি");
    expect(saree.products.map((p) => p.id).sort()).toEqual([tangail.id, jamdani.id].sort());
    expect(saree.categories).toEqual([{ id: sarees.id, name: "Saree" }]);
    expect((await suggest("punjabi")).products.map((p) => p.id)).toEqual([panjabi.id]);
  });
});

describe("the synonym table, as an admin edits it", () => {
  it("a new group works at once, purges cached searches, and a term may be in one group only", async () => {
    const purged: string[][] = [];
    const stop = onCatalogueChange((tags) => void purged.push([...tags]));
    const dhoti = await createTestProduct({ name: "Checked Cotton Dhoti" });
    expect(await names("tobon")).toEqual([]);

    const made = await saveSynonymGroup(admin, null, { terms: group("Tobon, dhoti") });
    expect(made.terms).toEqual(["tobon", "dhoti"]);
    expect(await names("tobon")).toEqual([dhoti.name]);
    expect(purged).toContainEqual(["search"]);

    // "dhoti" is now that group's: adding it to the default lungi group is refused, naming the group; nothing saved.
    const lungi = (await listSynonymGroups(admin)).find((g) => g.terms.includes("lungi"))!;
    await expect(saveSynonymGroup(admin, lungi.id, { terms: group("lungi, লুঙ্গি, Dhoti") })).rejects.toMatchObject({
      status: 400,
      errors: { terms: ["“dhoti” is already in the group “tobon, dhoti”"] },
    });
    expect((await listSynonymGroups(admin)).find((g) => g.id === lungi.id)?.terms).toEqual(["lungi", "লুঙ্গি"]);

    await saveSynonymGroup(admin, made.id, { terms: group("tobon, tehband") });
    expect(await names("tobon")).toEqual([]);
    await deleteSynonymGroup(admin, made.id);
    expect((await listSynonymGroups(admin)).some((g) => g.id === made.id)).toBe(false);
    await expect(deleteSynonymGroup(admin, made.id)).rejects.toMatchObject({ status: 404 });
    stop();
  });

  it("deleting the saree group brings the old behaviour back: shari finds nothing", async () => {
    const saree = (await listSynonymGroups(admin)).find((g) => g.terms.includes("sari"))!;
    await deleteSynonymGroup(admin, saree.id);
    expect(await names("shari")).toEqual([]);
    await saveSynonymGroup(admin, null, { terms: saree.terms });
    expect(await names("shari")).toEqual(SAREES);
  });

  it("only an admin reads or changes it", async () => {
    await expect(listSynonymGroups(null)).rejects.toMatchObject({ status: 401 });
    await expect(saveSynonymGroup({ id: 2, isAdmin: false }, null, { terms: ["a1", "b1"] })).rejects.toMatchObject({ status: 403 });
    await expect(deleteSynonymGroup({ id: 2, isAdmin: false }, 1)).rejects.toMatchObject({ status: 403 });
  });
});
